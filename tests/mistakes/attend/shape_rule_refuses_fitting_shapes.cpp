// Wrong on purpose (suite only): the mistake shape_rule_refuses_fitting_shapes in attend.
// A's rows (L_Q) checked against V's rows where A's columns (L_K) belong.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_rows == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});  // the mistake: A.n_cols == V.n_rows
    return A * V;  // (L_Q, d_v)
}

}  // namespace attn
