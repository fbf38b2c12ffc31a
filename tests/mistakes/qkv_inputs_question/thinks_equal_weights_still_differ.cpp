// Wrong on purpose (suite only): Q and K taken to differ even with W_q equal to W_k.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

int self_attention_input_count() {
    return 1;
}

QkDifference what_makes_q_differ_from_k() {
    return QkDifference::different_weight_matrices;
}

bool equal_weights_give_equal_q_and_k() {
    return false;  // the mistake: X W_q = X W_k when W_q = W_k
}

}  // namespace attn
