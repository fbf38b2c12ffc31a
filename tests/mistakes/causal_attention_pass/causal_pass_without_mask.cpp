// Wrong on purpose (suite only): the decoder's self-attention without the causal mask.
#include "contracts/06_shape_rules.hpp"
#include "contracts/08_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_rows == K.n_rows, "causal_attention_pass",
                   "causal self-attention reads one sequence, so Q and K need the same length (L_Q = L_K)",
                   {"Q", Q}, {"K", K});
    return scaled_dot_product_attention(Q, K, V);  // the mistake: no mask
}

}  // namespace attn
