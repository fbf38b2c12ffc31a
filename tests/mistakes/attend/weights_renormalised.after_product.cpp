// Wrong on purpose (suite only): the mistake weights_renormalised in attend.
// The output divided by each row's total weight "to be safe" afterwards: right where the
// weights sum to 1, 0 / 0 = NaN for a query that sees no key.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z = A * V;                 // (L_Q, d_v)
    Z.each_col() /= arma::sum(A, 1);     // the mistake: a row of zero weights divides by 0
    return Z;
}

}  // namespace attn
