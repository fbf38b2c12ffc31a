// Wrong on purpose (suite only): the mistake layer_norm_variance_cancels in layer_norm.
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    LayerNormResult r;
    const arma::colvec mean = arma::mean(X, 1);
    const arma::colvec var = arma::mean(arma::square(X), 1) - arma::square(mean);  // the mistake: E[x^2] - E[x]^2
    r.inv_std = 1.0 / arma::sqrt(var + eps);
    r.xhat = X;
    r.xhat.each_col() -= mean;
    r.xhat.each_col() %= r.inv_std;
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
