// Wrong on purpose (suite only): the exponentials divided by their row's largest.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat E = arma::exp(S.each_col() - arma::max(S, 1));
    E.each_col() /= arma::max(E, 1);  // the mistake: the largest, not the sum
    return E;
}

}  // namespace attn
