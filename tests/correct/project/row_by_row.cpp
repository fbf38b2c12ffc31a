// Right, written another way (suite only): one token at a time, each row x_i times W.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat P(X.n_rows, W.n_cols);
    for (arma::uword i = 0; i < X.n_rows; ++i) P.row(i) = X.row(i) * W;
    return P;
}

}  // namespace attn
