// Wrong on purpose (suite only): the mistake layer_norm_variance_cancels in layer_norm.
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
    r.xhat.set_size(T, d);
    r.y.set_size(T, d);
    r.inv_std.set_size(T);
    for (arma::uword t = 0; t < T; ++t) {
        double m = 0, sq = 0;
        for (arma::uword c = 0; c < d; ++c) {
            m += X(t, c);
            sq += X(t, c) * X(t, c);
        }
        m /= d;
        sq /= d;
        const double v = sq - m * m;  // the mistake: one pass, mean(x^2) - mean(x)^2
        const double inv = 1.0 / std::sqrt(v + eps);
        r.inv_std(t) = inv;
        for (arma::uword c = 0; c < d; ++c) {
            r.xhat(t, c) = (X(t, c) - m) * inv;
            r.y(t, c) = gain(c) * r.xhat(t, c) + bias(c);
        }
    }
    return r;
}

}  // namespace attn
