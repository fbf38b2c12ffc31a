// Wrong on purpose (suite only): the mistake weights_renormalised in row_one_by_hand.
// arma::normalise(weights, 1): the weights divided by the sum of their sizes.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    const arma::rowvec w = arma::normalise(weights, 1);  // the mistake: the weights are spent as given
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j) z += w(j) * V.row(j);
    return z;
}

}  // namespace attn
