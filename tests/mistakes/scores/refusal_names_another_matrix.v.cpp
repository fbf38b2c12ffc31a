// Wrong on purpose (suite only): the right check, but K handed to require_shapes under the name V,
// so the message gives K's shape as V's ("got Q 3x4 and V 3x5").
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"V", K});  // the mistake: K handed over under V's name
    // Row i of Q meets column j of K^T, which is row j of K: entry (i, j) = q_i . k_j.
    // K Q^T would give the transpose, and the scores are not symmetric.
    return Q * K.t();  // (L_Q, L_K)
}

}  // namespace attn
