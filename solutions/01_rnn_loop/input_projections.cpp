// Exercise input_projections (chapter 01): every U x_t in one product.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    require_shapes(X.n_cols == U.n_cols, "input_projections", "X must be as wide as U (d_in)", {"X", X}, {"U", U});
    // Row t of X U^T is x_t U^T, i.e. (U x_t) as a row. No step needs another,
    // so BLAS may hand the rows to as many cores as it has.
    return X * U.t();  // (L, d_h)
}

}  // namespace attn
