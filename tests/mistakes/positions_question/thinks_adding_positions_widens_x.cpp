// Wrong on purpose (suite only): one wrong answer, the misunderstanding thinks_adding_positions_widens_x.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

bool attention_alone_sees_word_order() { return false; }
bool reordering_with_positions_changes_a_words_output() { return true; }
bool adding_positions_makes_x_wider() { return true; }  // the mistake
bool similarity_depends_on_where_the_pair_starts() { return false; }

}  // namespace attn
