// Wrong on purpose (suite only): the mistake layer_norm_backward_matrix_product_in_mean in layer_norm_backward.
// The variance's mean as a sum of xhat * dxhat.t() (T x T) over d_model, by loops.
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
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    g.dX.set_size(T, d);
    for (arma::uword r = 0; r < T; ++r) {
        double mean_d = 0, mean_dx = 0;
        for (arma::uword c = 0; c < d; ++c) mean_d += dxhat(r, c) / d;
        for (arma::uword j = 0; j < T; ++j)  // the mistake: every row j, not row r alone
            for (arma::uword c = 0; c < d; ++c) mean_dx += xhat(r, c) * dxhat(j, c) / d;
        for (arma::uword c = 0; c < d; ++c)
            g.dX(r, c) = (dxhat(r, c) - mean_d - xhat(r, c) * mean_dx) * inv_std(r);
    }
    return g;
}

}  // namespace attn
