// Exercise qkv_inputs_question (chapter 02): one input, three views of it.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check qkv_inputs_question
// Stuck?            ./course hint qkv_inputs_question
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

// How many input matrices does one self-attention layer read to make Q, K and V?
int self_attention_input_count() {
    throw NotImplemented("self_attention_input_count", __FILE__);  // TODO(ch02)
}

// What makes Q different from K? Return one of the QkDifference values
// declared in src/contracts/02_qkv_projections.hpp.
QkDifference what_makes_q_differ_from_k() {
    throw NotImplemented("what_makes_q_differ_from_k", __FILE__);  // TODO(ch02)
}

// A layer is built with W_q equal to W_k. Are its Q and K then equal?
bool equal_weights_give_equal_q_and_k() {
    throw NotImplemented("equal_weights_give_equal_q_and_k", __FILE__);  // TODO(ch02)
}

}  // namespace attn
