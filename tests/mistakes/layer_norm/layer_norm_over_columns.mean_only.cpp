// Wrong on purpose (suite only): the mean taken down the columns (arma::mean(X)), the variance
// of the centred rows along each row as it should be.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    LayerNormResult r;
    const arma::mat centred = X.each_row() - arma::mean(X);  // the mistake: one mean per column
    r.inv_std = 1.0 / arma::sqrt(arma::mean(arma::square(centred), 1) + eps);
    r.xhat = centred.each_col() % r.inv_std;
    r.y = r.xhat.each_row() % gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
