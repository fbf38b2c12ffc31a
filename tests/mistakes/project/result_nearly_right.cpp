// Wrong on purpose (suite only): the mistake result_nearly_right in project.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat R(X.n_rows, W.n_cols);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j) {
            float s = 0.0f;
            for (arma::uword k = 0; k < X.n_cols; ++k) s += X(i, k) * W(k, j);
            R(i, j) = s;
        }
    return R;
}

}  // namespace attn
