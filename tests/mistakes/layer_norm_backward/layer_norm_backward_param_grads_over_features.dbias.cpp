// Wrong on purpose (suite only): dbias alone is summed over the features, arma::sum(dY, 1).t().
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY and xhat must have the same shape (T x d_model)",
                   {"dY", dY}, {"xhat", xhat});
    require_shapes(inv_std.n_elem == xhat.n_rows, fn, "inv_std needs one entry per row of xhat (T)", {"xhat", xhat}, {"inv_std", inv_std.n_elem, 1});
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat (1 x d_model)", {"xhat", xhat}, {"gain", gain});
    LayerNormGrads g;
    arma::mat dxhat = dY.each_row() % gain;
    arma::colvec m1 = arma::mean(dxhat, 1);
    arma::colvec m2 = arma::mean(dxhat % xhat, 1);
    g.dX = dxhat.each_col() - m1;
    g.dX -= xhat.each_col() % m2;
    g.dX.each_col() %= inv_std;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 1).t();
    return g;
}

}  // namespace attn
