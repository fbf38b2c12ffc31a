// Wrong on purpose (suite only): K Q^T, so row i belongs to key i, not query i.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    return K * Q.t();  // the mistake: (L_K, L_Q)
}

}  // namespace attn
