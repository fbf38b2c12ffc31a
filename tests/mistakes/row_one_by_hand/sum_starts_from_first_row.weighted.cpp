// Wrong on purpose (suite only): the mistake sum_starts_from_first_row in row_one_by_hand.
// z starts at the first weighted row, and the loop adds it again.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z = weights(0) * V.row(0);  // the mistake: the loop below starts at 0 too
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
