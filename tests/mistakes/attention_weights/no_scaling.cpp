// Wrong on purpose (suite only): softmax of the raw scores, never divided by sqrt(d_k).
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    return softmax_rows(scores(Q, K));  // the mistake: scale_scores is skipped
}

}  // namespace attn
