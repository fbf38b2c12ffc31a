// Exercise cross_attention (chapter 07): queries from the decoder, keys and values from the encoder.
//
// Q = X_dec W_q, K = H_enc W_k, V = H_enc W_v, then scaled_dot_product_attention.
// Check first that X_dec is as wide as W_q has rows, H_enc as wide as W_k and
// W_v have rows, and that W_q and W_k have the same width; name both matrices.
// Shapes:  X_dec L_dec x d_model, H_enc L_enc x d_model -> weights L_dec x L_enc, output L_dec x d_v.
//
// Check your work:  ./course check cross_attention   Stuck?  ./course hint cross_attention
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention([[maybe_unused]] const arma::mat& X_dec, [[maybe_unused]] const arma::mat& H_enc,
                                [[maybe_unused]] const arma::mat& W_q, [[maybe_unused]] const arma::mat& W_k,
                                [[maybe_unused]] const arma::mat& W_v) {
    // TODO(ch07): which input gives the queries, which the keys and values?
    throw NotImplemented("cross_attention", __FILE__);
}

}  // namespace attn
