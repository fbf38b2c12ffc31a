// Wrong on purpose (suite only): d_k taken as the number of keys (K.n_rows).
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_rows);  // the mistake: K.n_rows is L_K
    return softmax_rows(S);
}

}  // namespace attn
