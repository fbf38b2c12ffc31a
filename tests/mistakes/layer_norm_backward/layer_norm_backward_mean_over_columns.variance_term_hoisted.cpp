// Wrong on purpose (suite only): the mistake layer_norm_backward_mean_over_columns in layer_norm_backward (mean(dxhat % xhat) hoisted out of the row loop, over every entry).
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, "layer_norm_backward",
                   "dY and xhat must have the same shape (T x d_model)", {"dY", dY}, {"xhat", xhat});
    require_shapes(inv_std.n_elem == xhat.n_rows, "layer_norm_backward", "inv_std needs one entry per row of xhat (T)",
                   {"xhat", xhat}, {"inv_std", inv_std});
    require_shapes(gain.n_elem == xhat.n_cols, "layer_norm_backward",
                   "gain needs one entry per column of xhat (1 x d_model)", {"xhat", xhat}, {"gain", gain});
    LayerNormGrads g;
    g.dbias = arma::sum(dY, 0);
    g.dgain = arma::sum(dY % xhat, 0);
    arma::mat dxhat = dY;
    dxhat.each_row() %= gain;
    const double spread = arma::accu(dxhat % xhat) / static_cast<double>(dxhat.n_elem);  // the mistake: one per row
    g.dX.set_size(arma::size(dY));
    for (arma::uword r = 0; r < dY.n_rows; ++r) {
        const double centre = arma::mean(dxhat.row(r));
        g.dX.row(r) = inv_std(r) * (dxhat.row(r) - centre - xhat.row(r) * spread);
    }
    return g;
}

}  // namespace attn
