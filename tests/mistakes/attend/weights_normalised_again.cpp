// Wrong on purpose (suite only): the mistake weights_normalised_again in attend.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::rowvec cs = arma::sum(A, 0);
    cs.replace(0.0, 1.0);
    arma::mat An = A.each_row() / cs;  // the mistake: the columns of A need no normalising
    return An * V;
}

}  // namespace attn
