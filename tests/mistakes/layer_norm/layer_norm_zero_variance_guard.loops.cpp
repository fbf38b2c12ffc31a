// Wrong on purpose (suite only): the mistake layer_norm_zero_variance_guard in layer_norm.
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    const arma::uword T = X.n_rows, d = X.n_cols;
    LayerNormResult r{arma::mat(T, d), arma::mat(T, d), arma::colvec(T)};
    for (arma::uword i = 0; i < T; ++i) {
        double mean = 0.0;
        for (arma::uword j = 0; j < d; ++j) mean += X(i, j);
        mean /= d;
        double var = 0.0;
        for (arma::uword j = 0; j < d; ++j) var += (X(i, j) - mean) * (X(i, j) - mean);
        var /= d;
        const double sd = var > 0 ? std::sqrt(var + eps) : 1.0;  // the mistake: a constant row guarded, divided by 1
        r.inv_std(i) = 1.0 / sd;
        for (arma::uword j = 0; j < d; ++j) {
            r.xhat(i, j) = (X(i, j) - mean) / sd;
            r.y(i, j) = gain(j) * r.xhat(i, j) + bias(j);
        }
    }
    return r;
}

}  // namespace attn
