// Exercise identical_rows_question (chapter 02): what a projection cannot see.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

// Each row is multiplied by the same matrix on its own: equal rows in, equal rows out.
bool identical_rows_stay_identical() { return true; }

// x_i W uses the numbers of row i and nothing about i itself.
bool projection_knows_positions() { return false; }

// Every word keeps its output row; the rows only come back in the new order.
// That is why position has to be added to X before attention runs.
bool reordering_changes_a_words_output() { return false; }

}  // namespace attn
