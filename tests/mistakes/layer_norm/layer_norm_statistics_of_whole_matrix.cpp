// Wrong on purpose (suite only): the mistake layer_norm_statistics_of_whole_matrix in layer_norm.
#include <cmath>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    const char* rule = "gain and bias need one entry per column of X (1 x d_model)";
    require_shapes(gain.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"gain", gain});
    require_shapes(bias.n_elem == X.n_cols, "layer_norm", rule, {"X", X}, {"bias", bias});
    LayerNormResult r;
    const double mean = arma::accu(X) / X.n_elem;  // the mistake: one mean over every entry
    const arma::mat centred = X - mean;
    const double var = arma::accu(centred % centred) / X.n_elem;  // the mistake: one variance
    r.inv_std = arma::colvec(X.n_rows);
    r.inv_std.fill(1.0 / std::sqrt(var + eps));
    r.xhat = centred / std::sqrt(var + eps);
    r.y = r.xhat;
    r.y.each_row() %= gain;
    r.y.each_row() += bias;
    return r;
}

}  // namespace attn
