// 04_attention_by_hand.hpp: the mistakes first met in chapter 04 (attention_by_hand), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(scores_transposed, "attention_weights scores attention_shapes scaled_dot_product_attention self_attention cross_attention masked_attention",
             "the scores are K Q^T, not Q K^T: row i must hold query i against every key (chapter "
             "04, step 2)");
ATTN_MISTAKE(scores_queries_by_queries, "attention_weights scores scaled_dot_product_attention cross_attention masked_attention",
             "the scores were Q Q^T, the queries compared with each other; a score compares query "
             "i with key j: Q * K.t() (chapter 04, step 2)");
ATTN_MISTAKE(weights_transposed, "attend scaled_dot_product_attention self_attention cross_attention masked_attention",
             "the output was A^T V: with A transposed, output row i mixes the values by how much "
             "attention key i received, not by how much query i paid; it is A * V, one row of A "
             "per query (chapter 04, step 5)");
ATTN_MISTAKE(no_scaling, "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention self_attention multi_head_attention",
             "the scores were not divided by sqrt(d_k), the width of a key: S / "
             "std::sqrt(double(K.n_cols)) (chapter 04, step 3; chapter 05 says why)");
ATTN_MISTAKE(scale_by_d_k, "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention self_attention",
             "the scores were divided by d_k; the divisor is sqrt(d_k), the typical size of a "
             "score: the std::sqrt was left out (chapter 05)");
ATTN_MISTAKE(weights_instead_of_output, "attend attention_shapes scaled_dot_product_attention self_attention cross_attention masked_attention",
             "this is the weight matrix A (L_Q x L_K); the layer's output is A V (L_Q x d_v) "
             "(chapter 04, step 5)");
ATTN_MISTAKE(scale_by_key_count, "attention_weights scaled_dot_product_attention cross_attention masked_attention self_attention",
             "the scores were divided by the square root of the number of keys (K.n_rows); d_k is "
             "the width of one key, K.n_cols (chapter 04, step 3)");
ATTN_MISTAKE(scale_multiplied, "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention self_attention",
             "the scores were multiplied by sqrt(d_k) instead of divided by it: the scores grow "
             "with d_k instead of staying near 1, and softmax saturates (chapters 04 and 05)");

}  // namespace attn_test::mistakes
