// Exercise attention_questions (chapter 04): the divisor, the output, the direction.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check attention_questions
// Stuck?            ./course hint attention_questions
#include "core/errors.hpp"
#include "contracts/04_attention_by_hand.hpp"

namespace attn {

// A model is d_model numbers wide; each of its keys is d_k numbers wide.
// What number are the scores Q K^T divided by? (The worked example: 4 and 4.)
double score_divisor([[maybe_unused]] arma::uword d_model, [[maybe_unused]] arma::uword d_k) {
    throw NotImplemented("score_divisor", __FILE__);  // TODO(ch04)
}

// What does an attention layer hand on to the next layer? Return one of the
// LayerOutput values declared in src/contracts/04_attention_by_hand.hpp.
LayerOutput what_the_layer_hands_on() {
    throw NotImplemented("what_the_layer_hands_on", __FILE__);  // TODO(ch04)
}

// Must A(i, j) equal A(j, i) in every attention layer?
bool weights_must_be_symmetric() {
    throw NotImplemented("weights_must_be_symmetric", __FILE__);  // TODO(ch04)
}

// In the worked example, what weight does LLMs pay to love? (2 decimals will do)
double weight_llms_pays_to_love() {
    throw NotImplemented("weight_llms_pays_to_love", __FILE__);  // TODO(ch04)
}

// What share of love's output row comes from love's own value row?
double share_love_keeps_of_itself() {
    throw NotImplemented("share_love_keeps_of_itself", __FILE__);  // TODO(ch04)
}

}  // namespace attn
