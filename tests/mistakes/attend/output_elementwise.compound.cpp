// Wrong on purpose (suite only): the mistake output_elementwise in attend.
// The weights copied, then multiplied in place by V entry by entry.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z = A;
    Z %= V;  // the mistake: %= multiplies entry by entry
    return Z;
}

}  // namespace attn
