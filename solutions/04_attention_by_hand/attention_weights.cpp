// Exercise attention_weights (chapter 04): softmax of the scaled scores.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    // d_k is the width of one key: K's column count (not d_model, not L_K).
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    // Along rows: each query shares out its own attention over the keys.
    return softmax_rows(S);  // (L_Q, L_K)
}

}  // namespace attn
