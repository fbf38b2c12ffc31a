// Wrong on purpose (suite only): the mistake layer_norm_backward_variance_term_without_xhat in layer_norm_backward.
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
    arma::mat dxhat = dY.each_row() % gain;
    const arma::colvec m1 = arma::mean(dxhat, 1);
    const arma::colvec m2 = arma::mean(dxhat % xhat, 1);
    g.dX = dxhat.each_col() - (m1 + m2);  // the mistake: m2 without the xhat in front
    g.dX.each_col() %= inv_std;
    return g;
}
}  // namespace attn
