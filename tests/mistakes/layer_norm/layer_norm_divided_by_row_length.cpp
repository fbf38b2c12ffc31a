// Wrong on purpose (suite only): the mistake layer_norm_divided_by_row_length in layer_norm.
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
    r.xhat = arma::normalise(centred, 2, 1);  // the mistake: each row to length 1
    r.inv_std = 1.0 / arma::sqrt(arma::sum(arma::square(centred), 1) + eps);
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
