// Wrong on purpose (suite only): arma::normalise along the rows with its default p = 2.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat E = arma::exp(S.each_col() - arma::max(S, 1));
    return arma::normalise(E, 2, 1);  // the mistake: the 2-norm, not the sum
}

}  // namespace attn
