// Wrong on purpose (suite only): the right check, but each matrix handed to require_shapes under the
// other's name, so the message gives V's shape as A's and A's as V's.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", V},
                   {"V", A});  // the mistake: {"A", V} and {"V", A}
    // Row i is a blend of the value rows, mixed in the proportions of A's row i.
    return A * V;  // (L_Q, d_v)
}

}  // namespace attn
