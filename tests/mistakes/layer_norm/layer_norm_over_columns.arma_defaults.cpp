// Wrong on purpose (suite only): arma::mean(X) and arma::var(X) with their defaults, down the columns (and the sample variance).
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    LayerNormResult r;
    const arma::rowvec mean = arma::mean(X);                         // the mistake: one mean per column
    const arma::rowvec inv_std = 1.0 / arma::sqrt(arma::var(X) + eps);  // and one variance per column
    r.inv_std = inv_std.t();
    r.xhat = X.each_row() - mean;
    r.xhat.each_row() %= inv_std;
    r.y = r.xhat.each_row() % gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
