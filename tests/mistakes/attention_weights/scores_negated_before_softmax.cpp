// Wrong on purpose (suite only): the mistake scores_negated_before_softmax in attention_weights.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"
#include <cmath>

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);
    return softmax_rows(-S);  // the mistake: the scores negated
}

}  // namespace attn
