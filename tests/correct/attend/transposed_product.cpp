// Right, written another way (suite only): (V^T A^T)^T, the same product transposed twice.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attend(const arma::mat& A, const arma::mat& V) {
    require_shapes(V.n_rows == A.n_cols, "attend", "A needs one column per row of V (L_K = L_V)", {"A", A},
                   {"V", V});
    const arma::mat Zt = V.t() * A.t();  // (d_v, L_Q)
    return Zt.t();
}

}  // namespace attn
