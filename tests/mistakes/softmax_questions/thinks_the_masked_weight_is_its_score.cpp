// Wrong on purpose (suite only): the masked key's weight answered with its score, -infinity.
#include <cmath>

#include "contracts/03_softmax.hpp"

namespace attn {

// Two everyday rows break "strictly": a single key gets exactly 1, a masked key exactly 0.
bool softmax_outputs_strictly_between_0_and_1() { return false; }

// e^s / e^s, whatever s is.
double softmax_weight_of_only_key() { return 1.0; }

// e^-inf is 0, so its share of the total is 0.
double softmax_weight_of_masked_key() { return -INFINITY; }  // the mistake: that is the score

// e^(s+c) = e^c e^s, and e^c cancels between each entry and the total.
bool softmax_changes_when_row_is_shifted() { return false; }

// exp is increasing and every entry is divided by the same total.
bool softmax_can_reorder_scores() { return false; }

}  // namespace attn
