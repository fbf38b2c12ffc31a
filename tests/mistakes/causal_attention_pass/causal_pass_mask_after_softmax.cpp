// Wrong on purpose (suite only): the future weights are zeroed after the softmax.
#include "contracts/07_cross_attention.hpp"
#include "contracts/08_encoder_decoder.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_rows == K.n_rows, "causal_attention_pass",
                   "causal self-attention reads one sequence, so Q and K need the same length (L_Q = L_K)",
                   {"Q", Q}, {"K", K});
    AttentionResult r = scaled_dot_product_attention(Q, K, V);
    r.weights.elem(arma::find_nonfinite(causal_mask(Q.n_rows))).zeros();  // the mistake: too late
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
