// Wrong on purpose (suite only): eps is left out of the square root, a row of no spread guarded apart.
// Exercise layer_norm (chapter 10): every row to mean 0 and variance 1, then gain and bias.
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
    (void)d;
    const arma::colvec mean = arma::mean(X, 1);           // (T)
    const arma::colvec var = arma::var(X, 1, 1);                        // (T)
    r.inv_std.set_size(T);
    for (arma::uword i = 0; i < T; ++i) r.inv_std(i) = var(i) > 0 ? 1.0 / std::sqrt(var(i)) : 0.0;  // the mistake: no eps
    r.xhat = X.each_col() - mean;
    r.xhat.each_col() %= r.inv_std;
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
