// Wrong on purpose (suite only): the mistake no_tokens_lose_width in project_qkv.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    if (X.n_rows == 0) return {};  // the mistake: three 0x0 matrices, and no check
    return {project(X, W_q), project(X, W_k), project(X, W_v)};
}

}  // namespace attn
