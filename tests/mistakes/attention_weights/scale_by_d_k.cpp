// Wrong on purpose (suite only): the scores are divided by d_k itself.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scores(Q, K) / static_cast<double>(K.n_cols);  // the mistake: d_k, not sqrt(d_k)
    return softmax_rows(S);
}

}  // namespace attn
