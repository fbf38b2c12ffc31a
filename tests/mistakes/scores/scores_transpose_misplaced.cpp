// Wrong on purpose (suite only): Q * K, the transpose of K forgotten.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    return Q * K;  // the mistake: K is not transposed
}

}  // namespace attn
