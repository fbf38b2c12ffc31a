// Wrong on purpose (suite only): 0 heads is not refused; the shape check divides by it.
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads) {
    // the mistake: 0 heads never refused, so M.n_cols % heads divides by 0
    require_shapes(M.n_cols % heads == 0, "split_heads", "the width must split evenly into the heads (d_model = h d_k)",
                   {"M", M}, {"heads", 1, heads});
    const arma::uword w = M.n_cols / heads;  // one head's width
    std::vector<arma::mat> parts;
    parts.reserve(heads);
    for (arma::uword i = 0; i < heads; ++i)
        parts.push_back(w == 0 ? arma::mat(M.n_rows, 0) : arma::mat(M.cols(i * w, (i + 1) * w - 1)));  // (L, w)
    return parts;
}

}  // namespace attn
