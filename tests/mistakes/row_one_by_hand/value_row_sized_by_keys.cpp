// Wrong on purpose (suite only): the mistake value_row_sized_by_keys in row_one_by_hand.
#include <algorithm>
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)", {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_rows, arma::fill::zeros);  // the mistake: L_K entries, where z is d_v wide
    for (arma::uword j = 0; j < V.n_rows; ++j) z.head(std::min(z.n_cols, V.n_cols)) += weights(j) * V.row(j).head(std::min(z.n_cols, V.n_cols));
    return z;
}

}  // namespace attn
