// Wrong on purpose (suite only): inv_std's length checked against xhat's columns (d_model) instead of its rows (T).
// Exercise layer_norm_backward (chapter 10): the gradients of layer norm.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std, const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY must have the shape of xhat (T x d_model)", {"dY", dY}, {"xhat", xhat});
    require_shapes(inv_std.n_elem == xhat.n_cols, fn, "inv_std needs one entry per row of xhat (T)", {"inv_std", inv_std.n_elem, 1}, {"xhat", xhat});  // the mistake
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat (1 x d_model)", {"gain", gain}, {"xhat", xhat});
    LayerNormGrads g;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 0);
    arma::mat dxhat = dY.each_row() % gain;
    arma::colvec md = arma::mean(dxhat, 1), mdx = arma::mean(dxhat % xhat, 1);
    arma::mat corr = xhat; corr.each_col() %= mdx;
    g.dX = dxhat; g.dX.each_col() -= md; g.dX -= corr; g.dX.each_col() %= inv_std;
    return g;
}

}  // namespace attn
