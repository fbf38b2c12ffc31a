// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in layer_norm_backward.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY must have the shape of xhat (T x d_model)",
                   {"dY", dY}, {"xhat", xhat});
    // the mistake: inv_std's length (one entry per row of xhat) is never checked, so a short one is read past its end
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat (1 x d_model)",
                   {"gain", gain}, {"xhat", xhat});
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    LayerNormGrads g;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 0);
    g.dX.set_size(T, d);
    for (arma::uword i = 0; i < T; ++i) {
        const double s = inv_std(i);
        double m1 = 0, m2 = 0;
        for (arma::uword c = 0; c < d; ++c) { m1 += dY(i, c) * gain(c); m2 += dY(i, c) * gain(c) * xhat(i, c); }
        m1 /= d; m2 /= d;
        for (arma::uword c = 0; c < d; ++c) g.dX(i, c) = s * (dY(i, c) * gain(c) - m1 - xhat(i, c) * m2);
    }
    return g;
}

}  // namespace attn
