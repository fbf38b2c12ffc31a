// Wrong on purpose (suite only): the mistake no_positions_lose_width in input_projections.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    arma::mat P;
    for (arma::uword t = 0; t < X.n_rows; ++t) P = arma::join_cols(P, X.row(t) * U.t());  // the mistake: 0x0 when L = 0
    return P;
}

}  // namespace attn
