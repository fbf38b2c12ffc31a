// Exercise attention_weights (chapter 04): softmax of the scaled scores.
//
// Chain three steps: scores(Q, K), then scale_scores with the right d_k,
// then softmax_rows (chapter 03). Each row of the result must sum to 1.
// Shapes:  Q L_Q x d_k, K L_K x d_k -> L_Q x L_K.
//
// Check your work:  ./course check attention_weights   Stuck?  ./course hint attention_weights
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights([[maybe_unused]] const arma::mat& Q, [[maybe_unused]] const arma::mat& K) {
    // TODO(ch04): scores, scale, softmax. Where does d_k come from?
    throw NotImplemented("attention_weights", __FILE__);
}

}  // namespace attn
