// Wrong on purpose (suite only): the mistake heads_numbered_from_the_right in split_heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = heads; i-- > 0;)  // the mistake: part 0 is the last block
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i * w, (i + 1) * w - 1)));
    return parts;
}

}  // namespace attn
