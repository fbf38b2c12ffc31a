// Wrong on purpose (suite only): the mistake scaled_after_softmax in attention_weights.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    arma::mat A = softmax_rows(scores(Q, K));
    return A / std::sqrt(static_cast<double>(K.n_cols));  // the mistake: the scores are divided, before the softmax
}

}  // namespace attn
