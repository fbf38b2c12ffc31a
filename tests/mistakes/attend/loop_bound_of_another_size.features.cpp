// Wrong on purpose (suite only): the mistake loop_bound_of_another_size in attend.
// The loop over the features of a value runs to the number of keys.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    const arma::uword L_Q = A.n_rows, L_K = A.n_cols;
    arma::mat Z(L_Q, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < L_Q; ++i)
        for (arma::uword c = 0; c < L_K; ++c) {  // the mistake: c < V.n_cols (d_v)
            double total = 0.0;
            for (arma::uword j = 0; j < L_K; ++j) total += A(i, j) * V(j, c);
            Z(i, c) = total;
        }
    return Z;
}

}  // namespace attn
