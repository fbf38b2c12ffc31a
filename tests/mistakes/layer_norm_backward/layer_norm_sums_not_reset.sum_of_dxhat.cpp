// Wrong on purpose (suite only): the mistake layer_norm_sums_not_reset in layer_norm_backward.
// By loops: only the sum of dxhat is declared before the row loop, never set back to 0.
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
    const arma::uword T = dY.n_rows, d = dY.n_cols;
    LayerNormGrads g{arma::mat(T, d), arma::rowvec(d, arma::fill::zeros), arma::rowvec(d, arma::fill::zeros)};
    double s = 0;  // the mistake: the sum of dxhat is never set back to 0
    for (arma::uword r = 0; r < T; ++r) {
        double sx = 0;
        for (arma::uword c = 0; c < d; ++c) {
            g.dgain(c) += dY(r, c) * xhat(r, c);
            g.dbias(c) += dY(r, c);
            s += dY(r, c) * gain(c);
            sx += dY(r, c) * gain(c) * xhat(r, c);
        }
        for (arma::uword c = 0; c < d; ++c)
            g.dX(r, c) = inv_std(r) * (dY(r, c) * gain(c) - s / d - xhat(r, c) * sx / d);
    }
    return g;
}

}  // namespace attn
