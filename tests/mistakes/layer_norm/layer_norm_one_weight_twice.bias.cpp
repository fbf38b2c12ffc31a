// Wrong on purpose (suite only): the mistake layer_norm_one_weight_twice, the bias multiplying where the gain belongs.
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
    if (T == 0) {  // no tokens: empty results of the right shapes (a column of no entries is
                   // best not viewed at all: Armadillo's view of it binds a null pointer)
        r.xhat.set_size(0, d);
        r.y.set_size(0, d);
        r.inv_std.set_size(0);
        return r;
    }
    // Column by column (Armadillo stores columns contiguously), one pass per quantity.
    // pass 1: each row's mean
    arma::colvec mean(T, arma::fill::zeros);  // (T)
    for (arma::uword c = 0; c < d; ++c) mean += X.col(c);
    mean /= static_cast<double>(d);
    // pass 2: centre each row, and add up its squares
    r.xhat.set_size(T, d);                   // (T, d_model), every column written below
    arma::colvec var(T, arma::fill::zeros);  // (T)
    for (arma::uword c = 0; c < d; ++c) {
        r.xhat.col(c) = X.col(c) - mean;
        var += arma::square(r.xhat.col(c));
    }
    var /= static_cast<double>(d);
    r.inv_std = 1.0 / arma::sqrt(var + eps);  // (T)
    // pass 3: xhat = centred / std, then y = gain % xhat + bias
    r.y.set_size(T, d);  // (T, d_model)
    for (arma::uword c = 0; c < d; ++c) {
        r.xhat.col(c) %= r.inv_std;
        r.y.col(c) = bias(c) * r.xhat.col(c) + bias(c);  // the mistake: gain(c) * ...
    }
    return r;
}

}  // namespace attn
