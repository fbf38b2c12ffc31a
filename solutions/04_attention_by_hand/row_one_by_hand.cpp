// Exercise row_one_by_hand (chapter 04): one output row as a weighted sum.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    // The by-hand version of one row of A V: scale each value row by its weight, add up.
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
