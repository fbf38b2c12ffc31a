// Wrong on purpose (suite only): one wrong answer, the misunderstanding thinks_the_masked_weight_is_undefined.
#include <cmath>

#include "contracts/03_softmax.hpp"

namespace attn {

bool softmax_outputs_strictly_between_0_and_1() { return false; }
double softmax_weight_of_only_key() { return 1.0; }
double softmax_weight_of_masked_key() { return std::nan(""); }
bool softmax_changes_when_row_is_shifted() { return false; }
bool softmax_can_reorder_scores() { return false; }

}  // namespace attn
