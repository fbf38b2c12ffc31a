// Exercise softmax_questions (chapter 03): the properties, as answers.
//
// Replace each `throw` with a `return` of your answer. The checker grades
// them and, when one is wrong, says which case to try by hand.
//
// Check your work:  ./course check softmax_questions   Stuck?  ./course hint softmax_questions
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

// Is every weight softmax_rows can produce strictly greater than 0 and
// strictly less than 1, whatever row it is given?
bool softmax_outputs_strictly_between_0_and_1() {
    throw NotImplemented("softmax_outputs_strictly_between_0_and_1", __FILE__);  // TODO(ch03)
}

// A row holds a single score. What weight does that one key get?
double softmax_weight_of_only_key() {
    throw NotImplemented("softmax_weight_of_only_key", __FILE__);  // TODO(ch03)
}

// A key's score is -infinity (the key is masked). What is its weight?
double softmax_weight_of_masked_key() {
    throw NotImplemented("softmax_weight_of_masked_key", __FILE__);  // TODO(ch03)
}

// Add 100 to every score of a row. Do the weights change?
bool softmax_changes_when_row_is_shifted() {
    throw NotImplemented("softmax_changes_when_row_is_shifted", __FILE__);  // TODO(ch03)
}

// Can a bigger score ever come out with a smaller weight than a smaller score?
bool softmax_can_reorder_scores() {
    throw NotImplemented("softmax_can_reorder_scores", __FILE__);  // TODO(ch03)
}

}  // namespace attn
