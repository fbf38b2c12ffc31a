// Right, written another way (suite only): the row times V, one product.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    return weights * V;  // (1, d_v)
}

}  // namespace attn
