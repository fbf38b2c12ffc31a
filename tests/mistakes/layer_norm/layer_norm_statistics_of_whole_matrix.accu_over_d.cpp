// Wrong on purpose (suite only): each row's mean from the sum of the whole matrix.
#include <cmath>
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    const arma::uword T = X.n_rows, d = X.n_cols;
    LayerNormResult r;
    r.xhat.zeros(T, d); r.y.zeros(T, d); r.inv_std.zeros(T);
    for (arma::uword i = 0; i < T; ++i) {
        const double m = arma::accu(X) / d;  // the mistake
        double s2 = 0.0;
        for (arma::uword j = 0; j < d; ++j) s2 += (X(i, j) - m) * (X(i, j) - m);
        const double is = 1.0 / std::sqrt(s2 / d + eps);
        r.inv_std(i) = is;
        for (arma::uword j = 0; j < d; ++j) {
            r.xhat(i, j) = (X(i, j) - m) * is;
            r.y(i, j) = gain(j) * r.xhat(i, j) + bias(j);
        }
    }
    return r;
}

}  // namespace attn
