// 06_shape_rules.hpp: the mistakes first met in chapter 06 (shape_rules), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(scale_by_sqrt_d_v, "scaled_dot_product_attention cross_attention masked_attention self_attention multi_head_attention",
             "the scores were divided by sqrt(d_v), the width of the values (V.n_cols); the "
             "divisor is sqrt(d_k), the width of the queries and keys (K.n_cols), and the two "
             "differ as soon as values are narrower (chapter 06)");
ATTN_MISTAKE(extra_rule_l_q_equals_l_k, "check_attention_shapes scaled_dot_product_attention",
             "fewer queries than keys were refused, but L_Q is free (7 decoder queries may read "
             "12 source keys); the only rules are d_q = d_k and L_K = L_V (chapter 06)");
ATTN_MISTAKE(extra_rule_d_v_equals_d_k, "check_attention_shapes scaled_dot_product_attention",
             "values narrower than the keys were refused, but d_v and d_k never meet in one "
             "product; the only rules are d_q = d_k and L_K = L_V (chapter 06)");
ATTN_MISTAKE(output_width_d_k, "attention_shapes",
             "the output was given the width d_k; the output is A V, so its width comes from V: "
             "L_Q x d_v (chapter 06)");

}  // namespace attn_test::mistakes
