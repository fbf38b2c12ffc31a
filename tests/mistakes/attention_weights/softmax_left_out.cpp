// Wrong on purpose (suite only): the scaled scores returned as the weights.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    return scale_scores(scores(Q, K), K.n_cols);  // the mistake: no softmax_rows
}

}  // namespace attn
