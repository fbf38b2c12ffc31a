// Wrong on purpose (suite only): the mistake output_elementwise in attend.
// By loops over the output, each entry one product instead of a sum over the keys.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(A.n_cols == V.n_rows, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A}, {"V", V});
    arma::mat Z(A.n_rows, V.n_cols);  // (L_Q, d_v)
    for (arma::uword i = 0; i < Z.n_rows; ++i)
        for (arma::uword c = 0; c < Z.n_cols; ++c) Z(i, c) = A(i, c) * V(i, c);  // the mistake: no sum over j
    return Z;
}

}  // namespace attn
