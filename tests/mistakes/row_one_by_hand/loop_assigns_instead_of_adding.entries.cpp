// Wrong on purpose (suite only): the mistake loop_assigns_instead_of_adding in row_one_by_hand.
// Entry by entry, each weighted value written over the one before.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword c = 0; c < V.n_cols; ++c)
        for (arma::uword j = 0; j < V.n_rows; ++j) z(c) = weights(j) * V(j, c);  // the mistake: not added up
    return z;
}

}  // namespace attn
