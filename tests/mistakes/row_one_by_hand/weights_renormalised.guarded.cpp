// Wrong on purpose (suite only): the mistake weights_renormalised in row_one_by_hand.
// The sum divided by the total weight, unless that total is 0.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    double total = 0.0;
    for (arma::uword j = 0; j < V.n_rows; ++j) {
        z += weights(j) * V.row(j);
        total += weights(j);
    }
    if (total != 0.0) z /= total;  // the mistake: the weights are spent as given
    return z;
}

}  // namespace attn
