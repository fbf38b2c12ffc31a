// Wrong on purpose (suite only): divided by sqrt(d_k) by hand, then by scale_scores again.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scores(Q, K) / std::sqrt(static_cast<double>(K.n_cols));
    return softmax_rows(scale_scores(S, K.n_cols));  // the mistake: the second division makes it d_k
}

}  // namespace attn
