// Exercise positions_question (chapter 08): why positions are added, and what the codes keep.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

// Projections and attention read a row's numbers, never its index: a shuffled
// sentence gives the same output rows, shuffled (chapter 02, step 4).
bool attention_alone_sees_word_order() { return false; }

// A moved word gets its new slot's code added, so its row of X + PE changes,
// and its query, key, value and output change with it.
bool reordering_with_positions_changes_a_words_output() { return true; }

// PE is L x d_model like X and is added entry by entry: the width stays d_model.
bool adding_positions_makes_x_wider() { return false; }

// Each pair gives sin a sin b + cos a cos b = cos(a - b) = cos(k w_i): p cancels.
bool similarity_depends_on_where_the_pair_starts() { return false; }

}  // namespace attn
