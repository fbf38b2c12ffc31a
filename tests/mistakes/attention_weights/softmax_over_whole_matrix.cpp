// Wrong on purpose (suite only): a softmax by hand normalised over every entry.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    const arma::mat E = arma::exp(S - S.max());
    return E / arma::accu(E);  // the mistake: one total for the whole matrix
}

}  // namespace attn
