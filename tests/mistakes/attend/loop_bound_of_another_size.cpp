// Wrong on purpose (suite only): the mistake loop_bound_of_another_size in attend.
// The loop over the keys counts the queries.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(A.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < A.n_rows; ++j)  // the mistake: j < A.n_cols, one weight per key
            for (arma::uword c = 0; c < V.n_cols; ++c) Z(i, c) += A(i, j) * V(j, c);
    return Z;
}

}  // namespace attn
