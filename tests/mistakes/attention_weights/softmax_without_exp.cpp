// Wrong on purpose (suite only): the scores divided by their row sums, no exp.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat A = S;
    A.each_col() /= arma::sum(S, 1);  // the mistake: no arma::exp
    return A;
}

}  // namespace attn
