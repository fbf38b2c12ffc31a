// Wrong on purpose (suite only): head i starts at column i instead of i * w, so the heads overlap.
// Exercise split_heads (chapter 09): a projection cut into its heads.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    if (heads == 0) throw InputError("split_heads: there must be at least one head");
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;  // one head's width
    std::vector<arma::mat> parts;
    parts.reserve(heads);
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i, i + w - 1)));  // (L, w)
    return parts;
}

}  // namespace attn
