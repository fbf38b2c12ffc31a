// Wrong on purpose (suite only): a softmax by hand shifted by the largest score of all.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat E = arma::exp(S - S.max());  // the mistake: one maximum for every row
    E.each_col() /= arma::sum(E, 1);
    return E;
}

}  // namespace attn
