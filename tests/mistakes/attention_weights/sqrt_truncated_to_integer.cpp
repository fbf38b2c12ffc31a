// Wrong on purpose (suite only): the square root of d_k kept in an int.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const int root = static_cast<int>(std::sqrt(K.n_cols));  // the mistake: sqrt(6) = 2.45 becomes 2
    return softmax_rows(scores(Q, K) / root);
}

}  // namespace attn
