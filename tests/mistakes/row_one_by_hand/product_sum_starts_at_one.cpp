// Wrong on purpose (suite only): the mistake product_sum_starts_at_one in row_one_by_hand.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 1; j < V.n_rows; ++j) z += weights(j) * V.row(j);  // the mistake: j = 0
    return z;
}

}  // namespace attn
