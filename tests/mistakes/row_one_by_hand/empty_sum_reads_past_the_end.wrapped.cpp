// Wrong on purpose (suite only): the loop bound V.n_rows - 1, an arma::uword, which wraps
// round to a huge number when there are no keys.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j <= V.n_rows - 1; ++j) z += weights(j) * V.row(j);  // the mistake: j < V.n_rows
    return z;
}

}  // namespace attn
