// Wrong on purpose (suite only): sqrt(d_k) handed to scale_scores, which takes d_k and
// takes the root itself: the scores divided by sqrt(trunc(sqrt(d_k))).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::uword root = static_cast<arma::uword>(std::sqrt(static_cast<double>(K.n_cols)));
    return softmax_rows(scale_scores(scores(Q, K), root));  // the mistake: scale_scores wants d_k, not its root
}

}  // namespace attn
