// Wrong on purpose (suite only): the mistake value_row_sized_by_keys in row_one_by_hand.
// By loops over z's own length, which is the number of keys.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_rows, arma::fill::zeros);  // the mistake: V.n_rows where V.n_cols belongs
    for (arma::uword c = 0; c < z.n_elem; ++c)
        for (arma::uword j = 0; j < V.n_rows; ++j) z(c) += weights(j) * V(j, c);
    return z;
}

}  // namespace attn
