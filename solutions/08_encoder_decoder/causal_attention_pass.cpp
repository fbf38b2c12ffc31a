// Exercise causal_attention_pass (chapter 08): the decoder's self-attention.
#include "contracts/07_cross_attention.hpp"
#include "contracts/08_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_rows == K.n_rows, "causal_attention_pass",
                   "causal self-attention reads one sequence, so Q and K need the same length (L_Q = L_K)",
                   {"Q", Q}, {"K", K});
    // The wiring: chapter 07's masked attention with chapter 07's causal mask.
    // The primitive adds the mask after the scaling and before the softmax, so
    // exp(-inf) = 0 gives every later position exactly no weight.
    return masked_attention(Q, K, V, causal_mask(Q.n_rows));  // weights (L, L), zero above the diagonal; output (L, d_v)
}

}  // namespace attn
