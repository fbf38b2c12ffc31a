// Exercise positions_question (chapter 08): why positions are added, and what the codes keep.
//
// Replace each `throw` with `return true;` or `return false;`. The checker
// grades each answer and, when one is wrong, says what to look at again.
//
// Check your work:  ./course check positions_question
// Stuck?            ./course hint positions_question
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

// Without positions, can self-attention tell "I love LLMs" from "LLMs I love"?
// (Does any word get another output row than before, wherever it now sits?)
bool attention_alone_sees_word_order() {
    throw NotImplemented("attention_alone_sees_word_order", __FILE__);  // TODO(ch08)
}

// Positions are added before attention (slot k always gets PE.row(k)), and the
// words are put in another order. Does some word now get a different output row?
bool reordering_with_positions_changes_a_words_output() {
    throw NotImplemented("reordering_with_positions_changes_a_words_output", __FILE__);  // TODO(ch08)
}

// Is add_positions(X, PE) wider than X?
bool adding_positions_makes_x_wider() {
    throw NotImplemented("adding_positions_makes_x_wider", __FILE__);  // TODO(ch08)
}

// Does PE(p) . PE(p + k) depend on p, where the pair starts, and not only on k?
bool similarity_depends_on_where_the_pair_starts() {
    throw NotImplemented("similarity_depends_on_where_the_pair_starts", __FILE__);  // TODO(ch08)
}

}  // namespace attn
