// Right, written another way (suite only): in column form, W^T X^T, transposed back into rows.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(W.n_rows == X.n_cols, "project", "W must be as tall as X is wide (d_model)", {"X", X}, {"W", W});
    const arma::mat columns = W.t() * X.t();  // (d_out, L): column i is W^T x_i
    return columns.t();
}

}  // namespace attn
