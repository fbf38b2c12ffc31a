// Wrong on purpose (suite only): each token as a column: W^T times X^T, returned as it is.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    const arma::mat columns = W.t() * X.t();  // (d_out, L): column i is W^T x_i
    return columns;  // the mistake: one row per token is wanted, columns.t()
}

}  // namespace attn
