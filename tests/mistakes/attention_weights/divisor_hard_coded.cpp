// Wrong on purpose (suite only): the scores halved, as in the worked example.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    return softmax_rows(scores(Q, K) / 2.0);  // the mistake: sqrt(4), whatever the width of K
}

}  // namespace attn
