// Wrong on purpose (suite only): the mistake layer_norm_mean_absolute_deviation in layer_norm.
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
    arma::mat centred = X;
    centred.each_col() -= mean;
    const arma::colvec spread = arma::mean(arma::abs(centred), 1);  // the mistake: |x - mean|, not its square
    r.inv_std = 1.0 / arma::sqrt(spread + eps);
    r.xhat = centred;
    r.xhat.each_col() %= r.inv_std;
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
