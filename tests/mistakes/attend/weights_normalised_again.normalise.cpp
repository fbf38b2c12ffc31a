// Wrong on purpose (suite only): the mistake weights_normalised_again in attend.
// arma::normalise with p = 1 makes each column sum to 1 (its default dimension is 0).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    return arma::normalise(A, 1) * V;  // the mistake: the weights normalised again, down the columns
}

}  // namespace attn
