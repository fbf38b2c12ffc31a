// Wrong on purpose (suite only): no check of the lengths; Armadillo's bounds check stops the loop.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);  // the mistake: no require_shapes first
    return z;
}

}  // namespace attn
