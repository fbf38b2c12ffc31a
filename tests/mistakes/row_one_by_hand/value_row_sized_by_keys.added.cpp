// Wrong on purpose (suite only): the mistake value_row_sized_by_keys in row_one_by_hand.
// z made one entry per weight; adding a value row to it fits only when L_K = d_v.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(weights.n_cols, arma::fill::zeros);  // the mistake: as long as the weights, not as V is wide
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
