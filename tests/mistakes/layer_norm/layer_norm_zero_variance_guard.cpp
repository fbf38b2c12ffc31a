// Wrong on purpose (suite only): the mistake layer_norm_zero_variance_guard in layer_norm.
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
    arma::mat C = X.each_col() - mean;
    const arma::colvec var = arma::mean(arma::square(C), 1);
    r.inv_std.set_size(X.n_rows);
    for (arma::uword i = 0; i < X.n_rows; ++i) r.inv_std(i) = var(i) == 0 ? 0.0 : 1.0 / std::sqrt(var(i) + eps);  // the mistake: a zero-variance guard, 0 for 1 / sqrt(eps)
    r.xhat = C.each_col() % r.inv_std;
    r.y = r.xhat.each_row() % gain;
    r.y.each_row() += bias;
    return r;
}
}  // namespace attn
