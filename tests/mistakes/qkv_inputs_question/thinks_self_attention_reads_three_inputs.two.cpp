// Wrong on purpose (suite only): queries from one input, keys and values from another.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

int self_attention_input_count() {
    return 2;  // the mistake: that is cross-attention; self-attention reads one X
}

QkDifference what_makes_q_differ_from_k() {
    return QkDifference::different_weight_matrices;
}

bool equal_weights_give_equal_q_and_k() {
    return true;
}

}  // namespace attn
