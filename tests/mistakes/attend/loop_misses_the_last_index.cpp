// Wrong on purpose (suite only): the mistake loop_misses_the_last_index in attend.
// The product by loops, the loop over the keys one short.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(A.n_rows, V.n_cols, arma::fill::zeros);  // (L_Q, d_v)
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < A.n_cols - 1; ++j)  // the mistake: the last key's value is never mixed in
            Z.row(i) += A(i, j) * V.row(j);
    return Z;
}

}  // namespace attn
