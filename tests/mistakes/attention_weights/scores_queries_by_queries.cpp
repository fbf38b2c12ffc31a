// Wrong on purpose (suite only): Q Q^T.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    // d_k is the width of one key: K's column count (not d_model, not L_K).
    require_shapes(Q.n_cols == K.n_cols, "attention_weights", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    const arma::mat S = scale_scores(scores(Q, Q), K.n_cols);  // the mistake: Q Q^T
    // Along rows: each query shares out its own attention over the keys.
    return softmax_rows(S);  // (L_Q, L_K)
}

}  // namespace attn
