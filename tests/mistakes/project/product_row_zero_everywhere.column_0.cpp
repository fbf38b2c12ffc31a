// Wrong on purpose (suite only): the mistake product_row_zero_everywhere in project (column 0 of W for every column).
#include "contracts/02_qkv_projections.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat out(X.n_rows, W.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j)
            for (arma::uword k = 0; k < X.n_cols; ++k) out(i, j) += X(i, k) * W(k, 0);  // the mistake: W(k, j)
    return out;
}

}  // namespace attn
