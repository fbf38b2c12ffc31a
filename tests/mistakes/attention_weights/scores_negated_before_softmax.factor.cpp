// Wrong on purpose (suite only): the mistake scores_negated_before_softmax in attention_weights.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const double c = -1.0 / std::sqrt(static_cast<double>(K.n_cols));  // the mistake: a factor of -1 / sqrt(d_k)
    const arma::mat T = scores(Q, K) * c;
    arma::mat E = arma::exp(T.each_col() - arma::max(T, 1));
    for (arma::uword i = 0; i < E.n_rows; ++i) E.row(i) /= arma::accu(E.row(i));
    return E;
}

}  // namespace attn
