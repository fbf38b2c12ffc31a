// Right, written another way (suite only): the answers written as what they deny.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

bool identical_rows_stay_identical() { return !false; }

bool projection_knows_positions() { return !identical_rows_stay_identical(); }

bool reordering_changes_a_words_output() { return 1 > 2; }

}  // namespace attn
