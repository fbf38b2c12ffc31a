// Wrong on purpose (suite only): Q divided by sqrt(d_k), a scale where none is asked.
#include <cmath>
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    p.Q = project(X, W_q) / std::sqrt(static_cast<double>(W_q.n_cols));  // the mistake
    p.K = project(X, W_k);
    p.V = project(X, W_v);
    return p;
}

}  // namespace attn
