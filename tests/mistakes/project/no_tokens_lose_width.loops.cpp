// Wrong on purpose (suite only): the mistake no_tokens_lose_width in project.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat P;
    if (X.is_empty()) return P;  // the mistake: no rows, and no width either
    P.zeros(X.n_rows, W.n_cols);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j)
            for (arma::uword k = 0; k < X.n_cols; ++k) P(i, j) += X(i, k) * W(k, j);
    return P;
}

}  // namespace attn
