// Wrong on purpose (suite only): the mistake shape_rule_not_checked in layer_norm_backward.
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain) {
    const char* fn = "layer_norm_backward";
    require_shapes(dY.n_rows == xhat.n_rows && dY.n_cols == xhat.n_cols, fn, "dY must have the shape of xhat",
                   {"dY", dY}, {"xhat", xhat});
    // the mistake: only "enough" entries are asked of inv_std, so one too many is accepted
    require_shapes(inv_std.n_elem >= xhat.n_rows, fn, "inv_std needs an entry for every row of xhat",
                   {"inv_std", inv_std.n_elem, 1}, {"xhat", xhat});
    require_shapes(gain.n_elem == xhat.n_cols, fn, "gain needs one entry per column of xhat", {"gain", gain},
                   {"xhat", xhat});
    const arma::uword T = xhat.n_rows, d = xhat.n_cols;
    LayerNormGrads g;
    g.dgain.zeros(d);
    g.dbias.zeros(d);
    g.dX.set_size(T, d);
    for (arma::uword r = 0; r < T; ++r) {
        double mean_d = 0, mean_dx = 0;
        for (arma::uword c = 0; c < d; ++c) {
            g.dgain(c) += dY(r, c) * xhat(r, c);
            g.dbias(c) += dY(r, c);
            mean_d += gain(c) * dY(r, c) / d;
            mean_dx += gain(c) * dY(r, c) * xhat(r, c) / d;
        }
        for (arma::uword c = 0; c < d; ++c) g.dX(r, c) = inv_std(r) * (gain(c) * dY(r, c) - mean_d - xhat(r, c) * mean_dx);
    }
    return g;
}

}  // namespace attn
