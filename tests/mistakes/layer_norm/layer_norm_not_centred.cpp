// Wrong on purpose (suite only): xhat divides x itself by the standard deviation; the mean is never subtracted.
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    LayerNormResult r;
    const arma::colvec var = arma::var(X, 1, 1);  // (T), the population variance of each row
    r.inv_std = 1.0 / arma::sqrt(var + eps);
    r.xhat = X;
    r.xhat.each_col() %= r.inv_std;  // the mistake: X, not X - mean
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
