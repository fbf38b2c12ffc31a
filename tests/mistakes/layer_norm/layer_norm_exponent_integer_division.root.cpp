// Wrong on purpose (suite only): the mistake layer_norm_exponent_integer_division in layer_norm.
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
    for (arma::uword i = 0; i < T; ++i) {
        double sum = 0.0;
        for (arma::uword j = 0; j < d; ++j) sum += X(i, j);
        const double mean = sum / d;
        double sq = 0.0;
        for (arma::uword j = 0; j < d; ++j) sq += (X(i, j) - mean) * (X(i, j) - mean);
        const double var = sq / d;
        r.inv_std(i) = 1.0 / std::pow(var + eps, 1 / 2);  // the mistake: 1 / 2 is 0
        for (arma::uword j = 0; j < d; ++j) {
            r.xhat(i, j) = (X(i, j) - mean) * r.inv_std(i);
            r.y(i, j) = gain(j) * r.xhat(i, j) + bias(j);
        }
    }
    return r;
}

}  // namespace attn
