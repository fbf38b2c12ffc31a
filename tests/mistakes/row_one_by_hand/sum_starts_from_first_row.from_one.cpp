// Wrong on purpose (suite only): the mistake sum_starts_from_first_row in row_one_by_hand.
// z starts at the first value row, without its weight, and the loop goes on from row 1.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z = V.row(0);  // the mistake: z starts at zeros, and the loop at j = 0
    for (arma::uword j = 1; j < V.n_rows; ++j)
        for (arma::uword c = 0; c < V.n_cols; ++c) z(c) += weights(j) * V(j, c);
    return z;
}

}  // namespace attn
