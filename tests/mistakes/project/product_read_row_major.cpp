// Wrong on purpose (suite only): X read through memptr() as if stored row by row.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat R(X.n_rows, W.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j)
            for (arma::uword k = 0; k < X.n_cols; ++k)
                R(i, j) += X.memptr()[i * X.n_cols + k] * W(k, j);  // the mistake: X(i, k)
    return R;
}
}  // namespace attn
