// Right, written another way (suite only): each query by loops, the hidden keys skipped.
#include <cmath>
#include <vector>

#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    const double scale = 1.0 / std::sqrt(static_cast<double>(K.n_cols));
    AttentionResult r{arma::mat(Q.n_rows, K.n_rows, arma::fill::zeros), arma::mat(Q.n_rows, V.n_cols, arma::fill::zeros)};
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        std::vector<double> s(K.n_rows);
        double top = -INFINITY;
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            s[j] = arma::dot(Q.row(i), K.row(j)) * scale + mask(i, j);
            top = std::max(top, s[j]);
        }
        if (top == -INFINITY) continue;  // no key visible: a row of zeros
        double total = 0;
        for (arma::uword j = 0; j < K.n_rows; ++j) total += (r.weights(i, j) = std::exp(s[j] - top));
        r.weights.row(i) /= total;
        r.output.row(i) = r.weights.row(i) * V;
    }
    return r;
}

}  // namespace attn
