// Right, written another way (suite only): entry c is the weights dotted with column c of V.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols);
    for (arma::uword c = 0; c < V.n_cols; ++c) z(c) = arma::dot(weights, V.col(c));
    return z;
}

}  // namespace attn
