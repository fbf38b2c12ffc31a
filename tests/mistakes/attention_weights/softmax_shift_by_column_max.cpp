// Wrong on purpose (suite only): each score shifted by its column's maximum.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat E = arma::exp(S.each_row() - arma::max(S));  // the mistake: arma::max(S) is per column
    E.each_col() /= arma::sum(E, 1);
    return E;
}

}  // namespace attn
