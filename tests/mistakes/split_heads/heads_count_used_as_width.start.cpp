// Wrong on purpose (suite only): the mistake heads_count_used_as_width in split_heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;
    std::vector<arma::mat> parts;
    for (arma::uword i = 0; i < heads; ++i) {
        const arma::uword start = i * heads;  // the mistake: i * w
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(start, start + w - 1)));
    }
    return parts;
}

}  // namespace attn
