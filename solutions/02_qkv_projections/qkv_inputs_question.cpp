// Exercise qkv_inputs_question (chapter 02): one input, three views of it.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

// Q = X W_q, K = X W_k, V = X W_v: the sentence X is read once and used three times.
int self_attention_input_count() { return 1; }

// Same X, same kind of product: only the learned numbers in W_q and W_k differ.
QkDifference what_makes_q_differ_from_k() { return QkDifference::different_weight_matrices; }

// X W = X W: with nothing else to tell them apart, the two views coincide.
bool equal_weights_give_equal_q_and_k() { return true; }

}  // namespace attn
