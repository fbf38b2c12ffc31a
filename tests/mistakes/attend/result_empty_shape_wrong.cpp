// Wrong on purpose (suite only): attend returns arma::mat() (0x0) early when A has no rows, not 0 x d_v.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    if (A.n_rows == 0) return arma::mat();  // the mistake: no queries give 0x0, not 0 x d_v
    // Row i is a blend of the value rows, mixed in the proportions of A's row i.
    return A * V;  // (L_Q, d_v)
}

}  // namespace attn
