// Right, written another way (suite only): the answers as plain constants, named first.
#include "contracts/08_positional_encoding.hpp"

namespace attn {

namespace {
constexpr bool kOrderFromAttentionAlone = false;
constexpr bool kMovedWordChanges = true;
constexpr bool kWider = false;
constexpr bool kDependsOnStart = false;
}  // namespace

bool attention_alone_sees_word_order() { return kOrderFromAttentionAlone; }
bool reordering_with_positions_changes_a_words_output() { return kMovedWordChanges; }
bool adding_positions_makes_x_wider() { return kWider; }
bool similarity_depends_on_where_the_pair_starts() { return kDependsOnStart; }

}  // namespace attn
