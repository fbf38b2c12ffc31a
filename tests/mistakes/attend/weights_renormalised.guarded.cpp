// Wrong on purpose (suite only): the mistake weights_renormalised in attend.
// Each row of A divided by its sum, rows summing to 0 left alone: weights that do not sum
// to 1 are changed.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat B = A;
    for (arma::uword i = 0; i < B.n_rows; ++i) {
        const double s = arma::accu(B.row(i));
        if (s != 0.0) B.row(i) /= s;  // the mistake: A is spent as given, A * V
    }
    return B * V;
}

}  // namespace attn
