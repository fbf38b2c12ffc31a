// Wrong on purpose (suite only): the mistake layer_norm_backward_matrix_product_in_mean in layer_norm_backward.
// The variance's mean of dxhat * xhat.t() (T x T) where dxhat % xhat was meant.
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
    LayerNormGrads g;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 0);
    const arma::mat dxhat = dY.each_row() % gain;  // (T, d_model)
    g.dX = dxhat.each_col() - arma::mean(dxhat, 1);
    g.dX -= xhat.each_col() % arma::mean(dxhat * xhat.t(), 1);  // the mistake: a matrix product
    g.dX.each_col() %= inv_std;
    return g;
}

}  // namespace attn
