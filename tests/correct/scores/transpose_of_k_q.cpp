// Right, written another way (suite only): (K Q^T)^T, with the check thrown by hand.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    if (Q.n_cols != K.n_cols)
        throw ShapeError("scores: Q and K must have the same width (d_q = d_k); got Q " + shape_of(Q) + " and K " +
                         shape_of(K));
    const arma::mat KQ = K * Q.t();  // (L_K, L_Q)
    return KQ.t();                   // (L_Q, L_K)
}

}  // namespace attn
