// Wrong on purpose (suite only): the result made with the shape of X.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat Y(X.n_rows, X.n_cols, arma::fill::zeros);  // the mistake
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < Y.n_cols && j < W.n_cols; ++j) Y(i, j) = arma::dot(X.row(i), W.col(j));
    return Y;
}

}  // namespace attn
