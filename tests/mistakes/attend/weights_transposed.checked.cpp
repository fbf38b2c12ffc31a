// Wrong on purpose (suite only): A^T V, with the shape check rewritten to fit it (A's rows
// against V's rows), so it refuses A and V of fitting shapes wherever A is not square.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_rows == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    return A.t() * V;  // the mistake
}

}  // namespace attn
