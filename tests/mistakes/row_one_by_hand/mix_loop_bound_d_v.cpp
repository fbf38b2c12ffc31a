// Wrong on purpose (suite only): the loop over the value rows runs to V.n_cols.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 0; j < V.n_cols; ++j) z += weights(j) * V.row(j);  // the mistake: V.n_rows
    return z;
}

}  // namespace attn
