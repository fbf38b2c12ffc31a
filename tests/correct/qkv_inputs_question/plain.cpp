// Right, written another way (suite only): the answers as constants with their reasons.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

constexpr int kInputs = 1;  // self-attention: the one sentence X

int self_attention_input_count() { return kInputs; }

QkDifference what_makes_q_differ_from_k() {
    const QkDifference answer = QkDifference::different_weight_matrices;
    return answer;
}

bool equal_weights_give_equal_q_and_k() { return kInputs == 1; }

}  // namespace attn
