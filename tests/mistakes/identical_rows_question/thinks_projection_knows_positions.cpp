// Wrong on purpose (suite only): a projection taken to use where a row sits.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

bool identical_rows_stay_identical() { return true; }

bool projection_knows_positions() {
    return true;  // the mistake: x_i W uses the numbers of row i, never i
}

bool reordering_changes_a_words_output() { return false; }

}  // namespace attn
