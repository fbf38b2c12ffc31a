// 06_shape_rules.hpp: the mistakes first met in chapter 06 (shape_rules), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(scale_by_sqrt_d_v, "scaled_dot_product_attention cross_attention masked_attention self_attention multi_head_attention",
             "the scores were divided by sqrt(d_v), the width of the values (V.n_cols); the "
             "divisor is sqrt(d_k), the width of the queries and keys (K.n_cols), and the two "
             "differ as soon as values are narrower (chapter 06)");
ATTN_MISTAKE(extra_rule_l_q_equals_l_k, "check_attention_shapes scaled_dot_product_attention scores shape_questions",
             "queries and keys of different lengths were refused (or L_Q = L_K was answered as a "
             "rule); a length rule comparing Q's rows with K's or V's does this, but L_Q is free: "
             "7 decoder queries may read 12 source keys. The only rules "
             "are d_q = d_k (Q.n_cols == K.n_cols) and, where values come in, L_K = L_V "
             "(K.n_rows == V.n_rows) (chapter 06)");
ATTN_MISTAKE(extra_rule_d_v_equals_d_k,
             "check_attention_shapes scaled_dot_product_attention shape_questions self_attention cross_attention",
             "values narrower than the keys were refused (or d_v = d_k was answered as a rule), "
             "but d_k and d_v never meet in one product: d_k is used up inside Q K^T, d_v only "
             "sets the width of A V. The only rules are d_q = d_k and L_K = L_V (chapter 06)");
ATTN_MISTAKE(output_width_d_k, "attention_shapes",
             "the output was given the width d_k; the output is A V, so its width comes from V: "
             "L_Q x d_v (chapter 06)");
ATTN_MISTAKE(output_shape_of_v, "attention_shapes",
             "the output was given V's shape, L_K x d_v: A V has one row per row of A, that is one "
             "per query, so it is L_Q x d_v; L_K is the inner size, used up by the product "
             "(chapter 06)");
ATTN_MISTAKE(weights_not_returned, "scaled_dot_product_attention",
             "the result's weights were left empty (0x0): an AttentionResult carries both, "
             "r.weights = softmax_rows(S) and r.output = r.weights * V, since a backward pass and "
             "the heatmaps read the weights (chapter 06)");
ATTN_MISTAKE(mask_added_before_scaling, "scaled_dot_product_attention masked_attention multi_head_attention",
             "the mask was added before the division by sqrt(d_k), (Q K^T + mask) / sqrt(d_k), so "
             "every finite entry of the mask was divided too (-infinity / sqrt(d_k) is still "
             "-infinity, which hides the slip until a mask holds other numbers): divide first, "
             "then add the mask to the scaled scores, Q K^T / sqrt(d_k) + mask (chapter 06)");
ATTN_MISTAKE(empty_mask_added, "scaled_dot_product_attention multi_head_attention",
             "the mask was added even when there is none: an empty mask (0x0, the default "
             "argument) means no mask, and a 0x0 matrix does not fit the L_Q x L_K scores, so "
             "Armadillo refused S + mask (or masked_softmax refused the shapes); add it only "
             "when there is one, if (mask.n_rows != 0 || mask.n_cols != 0) S += mask (chapter 06)");
ATTN_MISTAKE(mask_without_entries_taken_as_no_mask, "scaled_dot_product_attention",
             "a mask with no rows or no columns ({}) was taken as no mask and its shape never "
             "checked: mask.is_empty() (or mask.n_elem == 0) holds for every matrix of no entries, "
             "0x4 and 2x0 as well as 0x0, but only 0x0, the default argument, means no mask; any "
             "other mask must be L_Q x L_K. Test for none with mask.n_rows == 0 && mask.n_cols == 0, "
             "and check the shape of every other mask with the mask rule (chapter 06)");
ATTN_MISTAKE(mask_shape_rule_wrong, "scaled_dot_product_attention masked_attention",
             "a mask of the right shape was refused: the mask has one row per query and one "
             "column per key, L_Q x L_K (mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows); it "
             "is square (L_Q x L_Q) only when L_Q = L_K, as for the causal mask, and its width is "
             "L_K, not d_k (chapters 06 and 07)");
ATTN_MISTAKE(mask_error_names_scores_transposed, "masked_attention scaled_dot_product_attention",
             "the mask's shape error gave the scores the wrong way round, L_K x L_Q ({\"scores\", "
             "K.n_rows, Q.n_rows}); the scores are Q K^T, one row per query and one column per "
             "key, so the message names them {\"scores\", Q.n_rows, K.n_rows}, L_Q x L_K, the "
             "shape the mask must have (chapters 06 and 07)");
ATTN_MISTAKE(scores_shape_keeps_inner_size, "attention_shapes",
             "the scores were given the width d_k, the size Q K^T uses up: (L_Q x d_k) times "
             "(d_k x L_K) keeps the outer sizes, so the scores are L_Q x L_K, one per query and "
             "key, and the weights keep that shape (chapter 06)");
ATTN_MISTAKE(scores_shape_from_features, "attention_shapes",
             "the scores were given d_k x d_k, the shape of Q^T K, a product over the tokens that "
             "compares features with features: attention compares each query with each key, "
             "Q K^T, (L_Q x d_k)(d_k x L_K) = L_Q x L_K (chapter 06)");
ATTN_MISTAKE(scores_shape_of_the_output, "attention_shapes",
             "the scores were given the output's shape L_Q x d_v: the scores hold one number per "
             "query and key, L_Q x L_K; only A V, the weights spent on the values, takes V's width "
             "d_v (chapter 06)");
ATTN_MISTAKE(weights_one_per_query, "attention_shapes",
             "the weights were given one column, L_Q x 1, as if softmax left one number per query: "
             "softmax turns a row of scores into a row of weights of the same length, one weight "
             "per key, so the weights keep the scores' shape L_Q x L_K (chapter 06)");
ATTN_MISTAKE(weights_shared_by_all_queries, "attention_shapes",
             "the weights were given one row, 1 x L_K, as if one distribution over the keys served "
             "every query: each query has scores of its own and so a softmax of its own, one row of "
             "weights per query, L_Q x L_K like the scores (chapter 06)");
ATTN_MISTAKE(output_pooled_into_one_row, "attention_shapes",
             "the output was given one row, 1 x d_v, as if attention pooled the sequence into one "
             "vector: every query gets its own weighted mix of the values, so A V is L_Q x d_v, "
             "one row per query (chapter 06)");
ATTN_MISTAKE(shape_assumes_self_attention, "attention_shapes",
             "{}, as if the queries and the keys were the same tokens, which holds in "
             "self-attention only: a query gets one score and one weight per KEY, so the scores "
             "and the weights are L_Q x L_K (7 decoder queries over 12 source keys: 7x12) "
             "(chapter 06)");
ATTN_MISTAKE(output_shape_transposed, "attention_shapes",
             "the output's shape was written the wrong way round, d_v x L_Q: a Shape is {rows, "
             "cols}, and A V keeps one row per query and takes its width from V, so the output "
             "is {L_Q, d_v} (chapter 06)");
ATTN_MISTAKE(width_rule_missing, "check_attention_shapes shape_questions",
             "a query and a key of different widths were let through (or answered as breaking no "
             "rule): Q K^T pairs each entry of a query with one of a key, so d_q = d_k: "
             "require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {\"Q\", Q}, {\"K\", "
             "K}) (chapter 06, step 4)");
ATTN_MISTAKE(length_rule_missing, "check_attention_shapes shape_questions",
             "keys and values of different lengths were let through (or answered as breaking no "
             "rule): weight j is spent on value j, so there is one value per key, L_K = L_V: "
             "require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {\"K\", K}, {\"V\", "
             "V}) (chapter 06, step 4)");
ATTN_MISTAKE(shape_rule_wrong_dimension, "check_attention_shapes shape_questions",
             "a rule compared the wrong dimension: the width rule compares columns with columns, "
             "Q.n_cols with K.n_cols (Q K^T pairs each entry of a query with one of a key; "
             "Q.n_cols == K.n_rows would be the rule of Q K, without the transpose), the length "
             "rule rows with rows, K.n_rows with V.n_rows; a rule on another pair of sizes, the "
             "rows of Q and K among them, or on another matrix than the two its message names "
             "(Q.n_cols == V.n_cols, Q.n_rows == V.n_rows), refuses shapes that fit and lets a "
             "real mismatch through (chapter 06)");
ATTN_MISTAKE(shape_rules_checked_in_wrong_order, "check_attention_shapes shape_questions",
             "with both rules broken, the length rule was reported; the width rule comes first "
             "(d_q = d_k, which Q K^T needs before anything else), then L_K = L_V (chapter 06)");
ATTN_MISTAKE(shape_rules_merged, "check_attention_shapes",
             "both rules were checked in one condition, so one rule's message was given for the "
             "other's mismatch: one require_shapes per rule, the width rule naming Q and K, the "
             "length rule naming K and V (chapter 06)");
ATTN_MISTAKE(shape_rule_names_wrong_matrices, "check_attention_shapes",
             "the error did not name both matrices its rule compares (it named another one, or "
             "only one of the two): the width rule "
             "names Q and K ({\"Q\", Q}, {\"K\", K}), the length rule K and V ({\"K\", K}, "
             "{\"V\", V}) (chapter 06)");
ATTN_MISTAKE(shape_rule_names_in_the_other_order, "check_attention_shapes",
             "the error named the rule's two matrices the other way round (\"got K 12x32 and Q "
             "7x64\"): a rule's message gives them in the order the rule states them, Q then K "
             "for the width, K then V for the length, so that every function of the course reads "
             "alike: {\"Q\", Q}, {\"K\", K} and {\"K\", K}, {\"V\", V} (chapter 06)");
ATTN_MISTAKE(shape_rule_worded_differently, "check_attention_shapes",
             "the rule was worded in your own words; pass the course's wording, kRuleSameWidth "
             "or kRuleSameLength (src/contracts/06_shape_rules.hpp), so that every function of the "
             "course states a rule the same way (chapter 06)");
ATTN_MISTAKE(shape_rule_text_of_the_other_rule, "check_attention_shapes",
             "a rule's error gave the other rule's words (kRuleSameWidth where keys and values "
             "differ in length, or kRuleSameLength where the widths differ), as a require_shapes "
             "line copied from the other rule does: each rule passes its own wording, "
             "require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {\"Q\", Q}, "
             "{\"K\", K}) and require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, "
             "{\"K\", K}, {\"V\", V}) (chapter 06)");
ATTN_MISTAKE(shape_error_without_shapes, "check_attention_shapes",
             "the error stated the rule but not the shapes: the message ends \"; got Q 7x64 and K "
             "12x32\", the two matrices the rule compares, so that the caller sees what was "
             "wrong; require_shapes(ok, function, rule, {\"Q\", Q}, {\"K\", K}) writes that "
             "part, while a ShapeError thrown by hand with function + \": \" + rule leaves it "
             "out (chapter 06)");
ATTN_MISTAKE(shape_error_in_a_format_of_its_own, "check_attention_shapes",
             "the error gave the rule and both shapes, but in a format of its own (\"... (Q 7x64, K "
             "12x32)\", say): every function of the course ends the message \"; got Q 7x64 and K "
             "12x32\", the way require_shapes(ok, function, rule, {\"Q\", Q}, {\"K\", K}) writes "
             "it, so that callers and tests read one format; pass the pairs to require_shapes "
             "instead of composing the text by hand (chapter 06)");
ATTN_MISTAKE(function_name_not_passed_through, "check_attention_shapes",
             "the error named another function than the caller: pass the argument `function` on "
             "to require_shapes, so that the message starts with the name of whoever called the "
             "check (scaled_dot_product_attention, cross_attention, ...) (chapter 06)");
ATTN_MISTAKE(inner_dimensions_swapped, "shape_questions",
             "the two numbers were given the other way round: first the columns of the wrong-way "
             "scores (L_K x L_Q has L_Q columns), then the rows of V (L_K) (chapter 06)");
ATTN_MISTAKE(transposed_scores_misread, "shape_questions",
             "the scores written the wrong way round are L_K x L_Q: L_K rows and L_Q columns, so "
             "the inner size on their side is L_Q, not L_K (chapter 06)");
ATTN_MISTAKE(rows_of_v_misread, "shape_questions",
             "V is L_K x d_v: its rows are the L_K values, one per key; d_v is its width, which "
             "never meets the scores in a product (chapter 06)");

}  // namespace attn_test::mistakes
