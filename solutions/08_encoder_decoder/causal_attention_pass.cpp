// Exercise causal_attention_pass (chapter 08): the decoder's self-attention.
#include "attn/attention.hpp"
#include "attn/attention_steps.hpp"
#include "attn/encoder_decoder.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

AttentionPass causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_rows == K.n_rows, "causal_attention_pass",
                   "causal self-attention reads one sequence, so Q and K need the same length (L_Q = L_K)",
                   {"Q", Q}, {"K", K});
    // The mask joins the scores after the scaling and before the softmax:
    // exp(-inf) = 0 then gives every later position exactly no weight.
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols) + causal_mask(Q.n_rows);  // (L, L)
    AttentionPass pass;
    pass.weights = softmax_rows(S);           // (L, L), zero above the diagonal
    pass.output = attend(pass.weights, V);    // (L, d_v)
    return pass;
}

}  // namespace attn
