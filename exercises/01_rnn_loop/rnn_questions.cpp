// Exercise rnn_questions (chapter 01): answer the chapter's questions as numbers.
//
// Replace each `throw` with a `return` of your answer. The checker grades them
// and, when one is wrong, says which part of the chapter to reread.
//
// Check your work:  ./course check rnn_questions   Stuck?  ./course hint rnn_questions
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

// You have thousands of cores and one sentence of `length` words. How many of
// its positions can the recurrent loop work on at the same moment?
int rnn_positions_at_once([[maybe_unused]] int length) {
    throw NotImplemented("rnn_positions_at_once", __FILE__);  // TODO(ch01)
}

// The same question for one attention pass over the sentence.
int attention_positions_at_once([[maybe_unused]] int length) {
    throw NotImplemented("attention_positions_at_once", __FILE__);  // TODO(ch01)
}

// How many sequential steps does information from position i need to reach
// the result at position j in the recurrent loop? (0 when i == j; the loop
// runs forwards, so answer kNeverReaches where i's information cannot get to j)
int rnn_path_length([[maybe_unused]] int i, [[maybe_unused]] int j) {
    throw NotImplemented("rnn_path_length", __FILE__);  // TODO(ch01)
}

// And in one attention layer? (0 when i == j)
int attention_path_length([[maybe_unused]] int i, [[maybe_unused]] int j) {
    throw NotImplemented("attention_path_length", __FILE__);  // TODO(ch01)
}

}  // namespace attn
