// Wrong on purpose (suite only): the mistake mask_added_before_scaling in scaled_dot_product_attention (loops, the mask inside the bracket).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    check_attention_shapes(fn, Q, K, V);
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;  // 0x0 means "no mask"
    if (masked)
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    if (masked) require_finite(fn, "mask", mask, true);
    const double root = std::sqrt(static_cast<double>(K.n_cols));
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double dot = 0;
            for (arma::uword c = 0; c < K.n_cols; ++c) dot += Q(i, c) * K(j, c);
            S(i, j) = (dot + (masked ? mask(i, j) : 0.0)) / root;  // the mistake: dot / root + mask(i, j)
        }
    AttentionResult r;
    r.weights = softmax_rows(S);
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
