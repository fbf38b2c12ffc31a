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
    for (arma::uword h = 0; h < heads; ++h) {
        arma::mat P(M.n_rows, w);
        for (arma::uword r = 0; r < M.n_rows; ++r)
            for (arma::uword c = 0; c < w; ++c) P(r, c) = M(r, h * heads + c);  // the mistake: h * heads for h * w
        parts.push_back(P);
    }
    return parts;
}

}  // namespace attn
