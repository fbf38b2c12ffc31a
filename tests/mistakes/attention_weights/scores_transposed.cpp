// Wrong on purpose (suite only): the scores are K Q^T, one row per key.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(K, Q), K.n_cols);  // the mistake: (L_K, L_Q)
    return softmax_rows(S);
}

}  // namespace attn
