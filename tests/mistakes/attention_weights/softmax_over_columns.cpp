// Wrong on purpose (suite only): softmax down each column, so columns sum to 1.
#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);
    return softmax_rows(S.t()).t();  // the mistake: normalised over the queries of each key
}

}  // namespace attn
