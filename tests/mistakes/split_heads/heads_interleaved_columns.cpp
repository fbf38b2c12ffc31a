// Wrong on purpose (suite only): split_heads deals the columns out like cards,
// column j to head j % h, instead of cutting contiguous blocks.
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
    for (arma::uword i = 0; i < heads; ++i) {
        arma::mat part(M.n_rows, w);  // (L, w)
        for (arma::uword c = 0; c < w; ++c) part.col(c) = M.col(c * heads + i);  // the mistake: column j to head j % h
        parts.push_back(part);
    }
    return parts;
}

}  // namespace attn
