// Wrong on purpose (suite only): the mistake weights_renormalised in row_one_by_hand (a single key handled apart as taking all the weight).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    if (V.n_rows == 1) return V.row(0);  // the mistake: a lone key still weighs weights(0)
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
