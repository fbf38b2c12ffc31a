// Wrong on purpose (suite only): the row means written (1 / d) * sum with d unsigned: 1 / d is 0.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY must have the shape of xhat (T x d_model)", {"dY", dY}, {"xhat", xhat});
    require_shapes(inv_std.n_elem == xhat.n_rows, fn, "inv_std needs one entry per row of xhat (T)", {"inv_std", inv_std.n_elem, 1}, {"xhat", xhat});
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat (1 x d_model)", {"gain", gain}, {"xhat", xhat});
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    LayerNormGrads g;
    g.dgain = arma::sum(dY % xhat, 0);
    g.dbias = arma::sum(dY, 0);
    g.dX.zeros(T, d);
    for (arma::uword r = 0; r < T; ++r) {
        double s1 = 0.0, s2 = 0.0;
        for (arma::uword c = 0; c < d; ++c) {
            s1 += dY(r, c) * gain(c);
            s2 += dY(r, c) * gain(c) * xhat(r, c);
        }
        const double m1 = (1 / d) * s1, m2 = (1 / d) * s2;  // the mistake
        for (arma::uword c = 0; c < d; ++c)
            g.dX(r, c) = inv_std(r) * (dY(r, c) * gain(c) - m1 - xhat(r, c) * m2);
    }
    return g;
}

}  // namespace attn
