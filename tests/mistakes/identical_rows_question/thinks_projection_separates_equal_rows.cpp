// Wrong on purpose (suite only): equal rows taken to give different projections.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

bool identical_rows_stay_identical() {
    return false;  // the mistake: x_i W = x_j W when x_i = x_j
}

bool projection_knows_positions() { return false; }

bool reordering_changes_a_words_output() { return false; }

}  // namespace attn
