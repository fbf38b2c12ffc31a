// Wrong on purpose (suite only): no check; the loop runs over the weights, so a short one passes.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 0; j < weights.n_cols; ++j) z += weights(j) * V.row(j);  // the mistake: no check
    return z;
}

}  // namespace attn
