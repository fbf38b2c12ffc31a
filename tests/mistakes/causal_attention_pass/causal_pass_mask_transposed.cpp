// Wrong on purpose (suite only): the causal mask transposed (hides the past instead of the future).
#include "contracts/07_cross_attention.hpp"
#include "contracts/08_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_rows == K.n_rows, "causal_attention_pass",
                   "causal self-attention reads one sequence, so Q and K need the same length (L_Q = L_K)",
                   {"Q", Q}, {"K", K});
    const arma::mat future_visible = causal_mask(Q.n_rows).t();  // the mistake: -inf below the diagonal
    return masked_attention(Q, K, V, future_visible);
}

}  // namespace attn
