// Right, written another way (suite only): the product by three loops over the entries.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat P(X.n_rows, W.n_cols, arma::fill::zeros);  // (L, d_out)
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword k = 0; k < X.n_cols; ++k)
            for (arma::uword j = 0; j < W.n_cols; ++j) P(i, j) += X(i, k) * W(k, j);
    return P;
}

}  // namespace attn
