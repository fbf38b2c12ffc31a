// Wrong on purpose (suite only): the mistake weights_renormalised in attend.
// Each row of A divided by its sum "to be safe": a row of zeros gives 0 / 0 = NaN.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat B = A;
    B.each_col() /= arma::sum(A, 1);  // the mistake: A is spent as given, A * V
    return B * V;
}

}  // namespace attn
