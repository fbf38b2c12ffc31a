// Exercise scale_scores (chapter 04): divide by sqrt(d_k).
//
// Return S with every entry divided by the square root of d_k. Throw
// InputError for d_k == 0 (there is no key of width 0).
// Shapes:  S L_Q x L_K -> L_Q x L_K.
//
// Check your work:  ./course check scale_scores   Stuck?  ./course hint scale_scores
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores([[maybe_unused]] const arma::mat& S, [[maybe_unused]] arma::uword d_k) {
    // TODO(ch04): one division. By d_k, or by its square root?
    throw NotImplemented("scale_scores", __FILE__);
}

}  // namespace attn
