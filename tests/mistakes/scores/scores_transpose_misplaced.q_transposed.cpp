// Wrong on purpose (suite only): Q.t() * K, the transpose on the wrong factor.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    return Q.t() * K;  // the mistake: Q transposed instead of K
}

}  // namespace attn
