// Right, written another way (suite only): the inputs counted from the three lines that make Q, K and V.
#include <string>

#include "contracts/02_qkv_projections.hpp"

namespace attn {

int self_attention_input_count() {
    const char* inputs[] = {"X", "X", "X"};  // Q = X W_q, K = X W_k, V = X W_v
    int distinct = 0;
    for (int i = 0; i < 3; ++i) {
        bool seen = false;
        for (int j = 0; j < i; ++j) seen = seen || std::string(inputs[j]) == inputs[i];
        distinct += seen ? 0 : 1;
    }
    return distinct;
}

QkDifference what_makes_q_differ_from_k() { return QkDifference{1}; }

bool equal_weights_give_equal_q_and_k() { return static_cast<int>(QkDifference::different_weight_matrices) == 1; }

}  // namespace attn
