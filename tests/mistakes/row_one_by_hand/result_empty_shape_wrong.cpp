// Wrong on purpose (suite only): the mistake result_empty_shape_wrong in row_one_by_hand.
// No weights return an empty row (1x0) instead of d_v zeros: the sum of nothing is still a row.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    if (weights.is_empty()) return arma::rowvec();
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
