// Exercise identical_rows_question (chapter 02): what a projection cannot see.
//
// Replace each `throw` with `return true;` or `return false;`. The checker
// grades each answer and, when one is wrong, says what to look at again.
//
// Check your work:  ./course check identical_rows_question
// Stuck?            ./course hint identical_rows_question
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

// Rows 0 and 2 of X are made identical. Are rows 0 and 2 of Q = X W_q (and of
// K and V) identical too?
bool identical_rows_stay_identical() {
    throw NotImplemented("identical_rows_stay_identical", __FILE__);  // TODO(ch02)
}

// Does a projection use where a row sits in X (its position in the sentence)?
bool projection_knows_positions() {
    throw NotImplemented("projection_knows_positions", __FILE__);  // TODO(ch02)
}

// The rows of X are put in a different order and attention runs again. Does
// any word get a different output row than it got before (wherever that row
// now sits)?
bool reordering_changes_a_words_output() {
    throw NotImplemented("reordering_changes_a_words_output", __FILE__);  // TODO(ch02)
}

}  // namespace attn
