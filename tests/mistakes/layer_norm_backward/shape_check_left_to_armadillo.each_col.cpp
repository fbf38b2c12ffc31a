// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in layer_norm_backward.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    // the mistake: dY and gain are checked, inv_std is left to .each_col(), which refuses a wrong length itself
    require_shapes(arma::size(dY) == arma::size(xhat), "layer_norm_backward", "dY must have the shape of xhat",
                   {"dY", dY}, {"xhat", xhat});
    require_shapes(gain.n_cols == xhat.n_cols, "layer_norm_backward", "gain needs one entry per column of xhat",
                   {"gain", gain}, {"xhat", xhat});
    LayerNormGrads g;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 0);
    arma::mat dxhat = dY;
    dxhat.each_row() %= gain;
    g.dX = dxhat;
    g.dX.each_col() -= arma::mean(dxhat, 1);
    g.dX -= xhat.each_col() % arma::mean(dxhat % xhat, 1);
    g.dX.each_col() %= inv_std;
    return g;
}

}  // namespace attn
