// Wrong on purpose (suite only): Q, K and V cached on X alone.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    static arma::mat last_X;
    static Projections cached;  // the mistake: the same X with new weights gets the old Q, K, V
    if (last_X.n_elem == X.n_elem && arma::approx_equal(last_X, X, "absdiff", 0.0)) return cached;
    cached.Q = project(X, W_q);
    cached.K = project(X, W_k);
    cached.V = project(X, W_v);
    last_X = X;
    return cached;
}

}  // namespace attn
