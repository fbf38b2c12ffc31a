// Wrong on purpose (suite only): one wrong answer, the misunderstanding thinks_attention_sees_word_order.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

bool attention_alone_sees_word_order() { return true; }  // the mistake
bool reordering_with_positions_changes_a_words_output() { return true; }
bool adding_positions_makes_x_wider() { return false; }
bool similarity_depends_on_where_the_pair_starts() { return false; }

}  // namespace attn
