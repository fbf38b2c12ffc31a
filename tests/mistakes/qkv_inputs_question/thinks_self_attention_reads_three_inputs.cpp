// Wrong on purpose (suite only): one input matrix each for Q, K and V.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

int self_attention_input_count() {
    return 3;  // the mistake: Q, K and V are three views of the one X
}

QkDifference what_makes_q_differ_from_k() {
    return QkDifference::different_weight_matrices;
}

bool equal_weights_give_equal_q_and_k() {
    return true;
}

}  // namespace attn
