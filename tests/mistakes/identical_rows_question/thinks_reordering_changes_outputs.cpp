// Wrong on purpose (suite only): reordering the words taken to change a word's output.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

bool identical_rows_stay_identical() { return true; }

bool projection_knows_positions() { return false; }

bool reordering_changes_a_words_output() {
    return true;  // the mistake: each word's output row only moves with it
}

}  // namespace attn
