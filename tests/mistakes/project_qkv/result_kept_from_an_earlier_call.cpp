// Wrong on purpose (suite only): Q, K and V cached on W_q alone.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    static arma::mat last_Wq;
    static Projections cached;  // the mistake: a new X with the same W_q gets the old Q, K, V
    if (last_Wq.n_elem == W_q.n_elem && arma::approx_equal(last_Wq, W_q, "absdiff", 0.0)) return cached;
    cached.Q = project(X, W_q);
    cached.K = project(X, W_k);
    cached.V = project(X, W_v);
    last_Wq = W_q;
    return cached;
}

}  // namespace attn
