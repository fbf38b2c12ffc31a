// Wrong on purpose (suite only): gain kept in a static from the first call, made again only when its length changes.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY must have the shape of xhat (T x d_model)",
                   {"dY", dY}, {"xhat", xhat});
    require_shapes(inv_std.n_elem == xhat.n_rows, fn, "inv_std needs one entry per row of xhat (T)",
                   {"inv_std", inv_std.n_elem, 1}, {"xhat", xhat});
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat (1 x d_model)",
                   {"gain", gain}, {"xhat", xhat});
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    LayerNormGrads g;
    // forward: y = gain % xhat + bias  ->  dgain = column sums of dY % xhat, dbias = column sums of dY
    g.dgain = arma::sum(dY % xhat, 0);  // (1, d_model)
    g.dbias = arma::sum(dY, 0);         // (1, d_model)
    if (T == 0) {  // no tokens: dX has no rows (a column of no entries is best not viewed at all:
                   // Armadillo's view of it binds a null pointer)
        g.dX.set_size(0, d);
        return g;
    }
    // forward: xhat = (x - mean) * inv_std, where the mean and the variance depend on the whole row:
    //   dX = inv_std * (dxhat - mean(dxhat) - xhat * mean(dxhat % xhat)), row by row, with dxhat = dY % gain.
    // Column by column (Armadillo stores columns contiguously), one pass for the two row means
    // and one for dX.
    arma::mat dxhat(T, d, arma::fill::none);     // (T, d_model), every column written below
    arma::colvec mean_d(T, arma::fill::zeros);   // (T)
    arma::colvec mean_dx(T, arma::fill::zeros);  // (T)
    static arma::rowvec kept_gain;  // the mistake: "for speed", refreshed only when the length changes
    if (kept_gain.n_elem != gain.n_elem) kept_gain = gain;
    for (arma::uword c = 0; c < d; ++c) {
        dxhat.col(c) = kept_gain(c) * dY.col(c);
        mean_d += dxhat.col(c);
        mean_dx += dxhat.col(c) % xhat.col(c);
    }
    mean_d /= static_cast<double>(d);
    mean_dx /= static_cast<double>(d);
    g.dX.set_size(T, d);  // (T, d_model)
    for (arma::uword c = 0; c < d; ++c) g.dX.col(c) = (dxhat.col(c) - mean_d - xhat.col(c) % mean_dx) % inv_std;
    return g;
}

}  // namespace attn
