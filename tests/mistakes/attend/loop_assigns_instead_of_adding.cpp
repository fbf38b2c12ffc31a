// Wrong on purpose (suite only): the mistake loop_assigns_instead_of_adding in attend.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(A.n_rows, V.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword c = 0; c < V.n_cols; ++c)
            for (arma::uword j = 0; j < A.n_cols; ++j)
                Z(i, c) = A(i, j) * V(j, c);  // the mistake: each key replaces the sum so far
    return Z;
}

}  // namespace attn
