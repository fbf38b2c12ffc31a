// Wrong on purpose (suite only): the two subtracted terms use the row sums instead of the row means.
// Exercise layer_norm_backward (chapter 10): the gradient back through layer norm.
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
    const arma::uword d = xhat.n_cols;
    LayerNormGrads g;
    // forward: y = gain % xhat + bias  ->  dgain = column sums of dY % xhat, dbias = column sums of dY
    g.dgain = arma::sum(dY % xhat, 0);  // (1, d_model)
    g.dbias = arma::sum(dY, 0);         // (1, d_model)
    arma::mat dxhat = dY;               // (T, d_model)
    dxhat.each_row() %= gain;
    // forward: xhat = (x - mean) * inv_std, where the mean and the variance depend on the whole row:
    //   dX = inv_std * (dxhat - mean(dxhat) - xhat * mean(dxhat % xhat)), row by row
    const arma::colvec mean_d = arma::sum(dxhat, 1);            // (T)
    const arma::colvec mean_dx = arma::sum(dxhat % xhat, 1);    // (T)
    g.dX = dxhat;
    g.dX.each_col() -= mean_d;
    g.dX -= xhat.each_col() % mean_dx;
    g.dX.each_col() %= inv_std;  // (T, d_model)
    return g;
}

}  // namespace attn
