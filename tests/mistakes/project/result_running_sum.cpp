// Wrong on purpose (suite only): the mistake result_running_sum in project.
#include "contracts/02_qkv_projections.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat out(X.n_rows, W.n_cols);
    double sum = 0.0;  // the mistake: set to 0 once, so every entry carries the ones before it
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j) {
            for (arma::uword c = 0; c < X.n_cols; ++c) sum += X(i, c) * W(c, j);
            out(i, j) = sum;
        }
    return out;
}
}
