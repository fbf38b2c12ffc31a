// Wrong on purpose (suite only): the head width comes from the rows, M.n_rows / heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_rows / heads;  // the mistake: rows where the columns belong
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i) parts.push_back(M.cols(i * w, (i + 1) * w - 1));
    return parts;
}

}  // namespace attn
