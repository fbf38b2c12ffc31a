// Wrong on purpose (suite only): the sum is kept in a static row, set to 0 only when
// its width changes, so a second call of the same width adds onto the first one's sum.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    static arma::rowvec z;  // the mistake: lives on from one call to the next
    if (z.n_cols != V.n_cols) z.zeros(V.n_cols);
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
