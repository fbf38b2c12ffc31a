// Wrong on purpose (suite only): the weight read at the entry's index c instead of the value row's j.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j)
        for (arma::uword c = 0; c < V.n_cols; ++c) z(c) += weights(c) * V(j, c);  // the mistake
    return z;
}

}  // namespace attn
