// Wrong on purpose (suite only): the result made with the shape of A.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(arma::size(A), arma::fill::zeros);  // the mistake
    for (arma::uword i = 0; i < Z.n_rows; ++i)
        for (arma::uword c = 0; c < Z.n_cols && c < V.n_cols; ++c)
            for (arma::uword j = 0; j < A.n_cols; ++j) Z(i, c) += A(i, j) * V(j, c);
    return Z;
}

}  // namespace attn
