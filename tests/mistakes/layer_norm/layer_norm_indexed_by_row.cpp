// Wrong on purpose (suite only): the mistake layer_norm_indexed_by_row in layer_norm.
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
    r.xhat.set_size(T, d); r.y.set_size(T, d); r.inv_std.set_size(T);
    for (arma::uword i = 0; i < T; ++i) {
        double mean = 0;
        for (arma::uword c = 0; c < d; ++c) mean += X(i, c);
        mean /= d;
        double var = 0;
        for (arma::uword c = 0; c < d; ++c) var += (X(i, c) - mean) * (X(i, c) - mean);
        var /= d;
        r.inv_std(i) = 1.0 / std::sqrt(var + eps);
        for (arma::uword c = 0; c < d; ++c) {
            r.xhat(i, c) = (X(i, c) - mean) * r.inv_std(i);
            r.y(i, c) = gain(c) * r.xhat(i, c) + bias(i);  // the mistake: bias by the row
        }
    }
    return r;
}
}  // namespace attn
