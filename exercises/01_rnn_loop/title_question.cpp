// Exercise title_question (chapter 01): what "Attention Is All You Need" claims.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check title_question   Stuck?  ./course hint title_question
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

// Is attention the only kind of layer inside a Transformer?
bool transformer_is_attention_only() {
    throw NotImplemented("transformer_is_attention_only", __FILE__);  // TODO(ch01)
}

// What does the title say a sequence model can do without?
// Return one of the TitleRemoves values declared in src/contracts/01_rnn_loop.hpp.
TitleRemoves what_the_title_removes() {
    throw NotImplemented("what_the_title_removes", __FILE__);  // TODO(ch01)
}

// With the loop gone, must the order of the words be given to the model in
// some other way?
bool word_order_must_be_added() {
    throw NotImplemented("word_order_must_be_added", __FILE__);  // TODO(ch01)
}

}  // namespace attn
