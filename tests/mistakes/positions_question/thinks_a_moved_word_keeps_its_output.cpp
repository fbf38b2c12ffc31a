// Wrong on purpose (suite only): one wrong answer, the misunderstanding thinks_a_moved_word_keeps_its_output.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

bool attention_alone_sees_word_order() { return false; }
bool reordering_with_positions_changes_a_words_output() { return false; }  // the mistake
bool adding_positions_makes_x_wider() { return false; }
bool similarity_depends_on_where_the_pair_starts() { return false; }

}  // namespace attn
