// Wrong on purpose (suite only): the mistake weights_normalised_again in attend.
// By loops: each weight divided by what its key receives in total, then mixed.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(A.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < A.n_cols; ++j) {
        double received = 0;
        for (arma::uword i = 0; i < A.n_rows; ++i) received += A(i, j);
        if (received == 0) continue;  // no query looks at key j
        for (arma::uword i = 0; i < A.n_rows; ++i)
            for (arma::uword c = 0; c < V.n_cols; ++c)
                Z(i, c) += A(i, j) / received * V(j, c);  // the mistake: A(i, j) alone is the weight
    }
    return Z;
}

}  // namespace attn
