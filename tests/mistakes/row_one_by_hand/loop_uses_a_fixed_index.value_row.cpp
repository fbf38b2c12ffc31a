// Wrong on purpose (suite only): the mistake loop_uses_a_fixed_index in row_one_by_hand.
// Every weight given the first value row.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j)
        for (arma::uword c = 0; c < V.n_cols; ++c) z(c) += weights(j) * V(0, c);  // the mistake: V(j, c)
    return z;
}

}  // namespace attn
