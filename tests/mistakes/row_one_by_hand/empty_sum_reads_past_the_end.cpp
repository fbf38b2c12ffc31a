// Wrong on purpose (suite only): the sum started from its first term and the loop from j = 1:
// right whenever there is a key, but with no keys weights(0) and V.row(0) do not exist.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z = weights(0) * V.row(0);  // the mistake: z starts at zeros, and the loop at j = 0
    for (arma::uword j = 1; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
