// Right, written another way (suite only): every pass in plain loops, the softmax stable and guarded.
#include <algorithm>
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    check_attention_shapes(fn, Q, K, V);
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;
    if (masked) {
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        require_finite(fn, "mask", mask, true);
    }
    require_nonempty(fn, "K", K);
    const double root = std::sqrt(static_cast<double>(K.n_cols));
    AttentionResult r;
    r.weights.zeros(Q.n_rows, K.n_rows);  // (L_Q, L_K)
    r.output.zeros(Q.n_rows, V.n_cols);   // (L_Q, d_v)
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        arma::rowvec s(K.n_rows);
        for (arma::uword j = 0; j < K.n_rows; ++j) s(j) = arma::dot(Q.row(i), K.row(j)) / root + (masked ? mask(i, j) : 0.0);
        const double top = s.max();
        if (top == -arma::datum::inf) continue;  // a query that may see nothing
        double total = 0;
        for (arma::uword j = 0; j < K.n_rows; ++j) total += std::exp(s(j) - top);
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            r.weights(i, j) = std::exp(s(j) - top) / total;
            r.output.row(i) += r.weights(i, j) * V.row(j);
        }
    }
    return r;
}

}  // namespace attn
