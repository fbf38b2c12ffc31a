// Wrong on purpose (suite only): the mistake weights_softmaxed_again in attend.
// A, already the weights, put through softmax_rows once more before the product.
#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    return softmax_rows(A) * V;  // the mistake: A is spent as given, A * V
}

}  // namespace attn
