// Wrong on purpose (suite only): Q and K must have the same shape, not only the same width.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    require_shapes(Q.n_rows == K.n_rows, "scores", "Q and K must have the same length", {"Q", Q}, {"K", K});  // the mistake
    return Q * K.t();  // (L_Q, L_K)
}

}  // namespace attn
