// Wrong on purpose (suite only): Q and K taken to come from different computations.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

int self_attention_input_count() {
    return 1;
}

QkDifference what_makes_q_differ_from_k() {
    return QkDifference::different_operations;  // the mistake: both are a product X W
}

bool equal_weights_give_equal_q_and_k() {
    return true;
}

}  // namespace attn
