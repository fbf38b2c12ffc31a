// Wrong on purpose (suite only): A^T V.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    // Row i is a blend of the value rows, mixed in the proportions of A's row i.
    return A.t() * V;  // the mistake  // (L_Q, d_v)
}

}  // namespace attn
