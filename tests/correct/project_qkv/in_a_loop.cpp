// Right, written another way (suite only): one call of project per role, in a loop over the three.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Projections project_qkv(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    Projections p;
    arma::mat* out[] = {&p.Q, &p.K, &p.V};
    const arma::mat* weights[] = {&W_q, &W_k, &W_v};
    for (int r = 0; r < 3; ++r) *out[r] = project(X, *weights[r]);
    return p;
}

}  // namespace attn
