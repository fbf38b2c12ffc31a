// Wrong on purpose (suite only): the decoder's self-attention without the causal mask.
#include <cmath>

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
    const arma::mat A = softmax_rows(scale_scores(scores(Q, K), K.n_cols));  // the mistake: no mask
    AttentionPass pass;
    pass.weights = A;
    pass.output = attend(A, V);
    return pass;
}

}  // namespace attn
