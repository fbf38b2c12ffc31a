// Wrong on purpose (suite only): W read through memptr() with its column count as the step between columns.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "project", "X must be as wide as W is tall (d_model)", {"X", X}, {"W", W});
    arma::mat R(X.n_rows, W.n_cols, arma::fill::zeros);
    const double* w = W.memptr();
    for (arma::uword j = 0; j < W.n_cols; ++j)
        for (arma::uword k = 0; k < W.n_rows; ++k) {
            const arma::uword at = k + j * W.n_cols;  // the mistake: the step is W.n_rows
            if (at >= W.n_elem) continue;              // (kept inside W: the suite also runs under AddressSanitizer)
            const double w_kj = w[at];
            for (arma::uword i = 0; i < X.n_rows; ++i) R(i, j) += X(i, k) * w_kj;
        }
    return R;
}
}  // namespace attn
