// Wrong on purpose (suite only): the mistake shape_rule_refuses_fitting_shapes in attend.
// Besides its rule, A is also required to have one row per row of V (L_Q = L_K).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    require_shapes(A.n_rows == V.n_rows, "attend", "A needs one row per row of V", {"A", A}, {"V", V});  // the mistake
    return A * V;  // (L_Q, d_v)
}

}  // namespace attn
