// Wrong on purpose (suite only): each row's mean subtracted as it should be, the variance then
// taken down the columns of the centred matrix (by loops).
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

#include <cmath>

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    const arma::uword T = X.n_rows, d = X.n_cols;
    const arma::mat centred = X.each_col() - arma::mean(X, 1);
    LayerNormResult r;
    r.xhat.set_size(T, d);
    r.inv_std.zeros(T);
    for (arma::uword c = 0; c < d; ++c) {
        double var = 0;
        for (arma::uword t = 0; t < T; ++t) var += centred(t, c) * centred(t, c) / T;  // the mistake: down column c
        for (arma::uword t = 0; t < T; ++t) r.xhat(t, c) = centred(t, c) / std::sqrt(var + eps);
    }
    r.y = r.xhat.each_row() % gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
