// Right, written another way (suite only): U X^T in column form (one column per position), transposed back.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(U.n_cols == X.n_cols, "input_projections", "U must be as wide as X (d_in)", {"X", X}, {"U", U});
    const arma::mat columns = U * X.t();  // (d_h, L): column t is U x_t
    return columns.t();                   // (L, d_h)
}

}  // namespace attn
