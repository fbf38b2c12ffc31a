// Wrong on purpose (suite only): the mistake scaled_after_softmax in attention_weights.
// The three calls of the chapter, with the last two in the wrong order.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat A = softmax_rows(scores(Q, K));  // the mistake: softmax before scale_scores
    return scale_scores(A, K.n_cols);
}

}  // namespace attn
