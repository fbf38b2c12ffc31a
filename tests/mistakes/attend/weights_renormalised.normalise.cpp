// Wrong on purpose (suite only): the mistake weights_renormalised in attend.
// arma::normalise with p = 1 along the rows: each row divided by the sum of its absolute
// values (a row of zeros stays zeros).
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    const arma::mat weights = arma::normalise(A, 1, 1);  // the mistake: the rows of A are spent as given
    return weights * V;
}

}  // namespace attn
