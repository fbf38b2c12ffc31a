// 04_attention_by_hand.hpp: the mistakes first met in chapter 04 (attention_by_hand), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

// --- step 2: the scores
ATTN_MISTAKE(scores_transposed, "attention_weights scores attention_shapes scaled_dot_product_attention self_attention multi_head_attention cross_attention masked_attention",
             "the scores are K Q^T, not Q K^T: row i must hold query i against every key (chapter "
             "04, step 2)");
ATTN_MISTAKE(scores_queries_by_queries, "attention_weights scores scaled_dot_product_attention cross_attention masked_attention",
             "the scores were Q Q^T, the queries compared with each other; a score compares query "
             "i with key j: Q * K.t() (chapter 04, step 2)");
ATTN_MISTAKE(scores_transpose_misplaced, "scores attention_weights scaled_dot_product_attention attention_shapes",
             "the transpose was left out or put on the wrong factor (Q * K, or Q.t() * K), or a "
             "column of K was read where its row belongs (dot(Q.row(i), K.col(j))): entry (i, j) "
             "pairs row i of Q with row j of K, so the product is Q * K.t(), (L_Q x d_k) times "
             "(d_k x L_K), and one entry is arma::dot(Q.row(i), K.row(j)) (chapter 04, step 2)");
ATTN_MISTAKE(scores_scaled_too_early, "scores",
             "the scores were already divided by sqrt(d_k): scores returns the raw table Q * K.t(); "
             "the division is the next step, scale_scores, and attention_weights calls both "
             "(chapter 04, steps 2 and 3)");

// --- step 3: the divisor
ATTN_MISTAKE(no_scaling, "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention self_attention multi_head_attention attention_questions",
             "the scaling by 1 / sqrt(d_k) was left out (a factor of 1, or scores not divided): d_k is "
             "the width of a key, so S / std::sqrt(double(K.n_cols)), or the factor 1.0 / "
             "std::sqrt(double(d_k)); note that std::pow(d_k, 1 / 2) is pow(d_k, 0) = 1, since 1 / "
             "2 is an integer division (chapter 04, step 3; chapter 05 says why)");
ATTN_MISTAKE(scale_by_d_k,
             "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention "
             "self_attention multi_head_attention attention_questions",
             "the scale was d_k where sqrt(d_k) belongs (the scores divided by d_k, or a factor of "
             "1 / d_k): sqrt(d_k) is the typical size of a score, so the std::sqrt was left out, or "
             "the scores were divided by sqrt(d_k) twice (chapter 05)");
ATTN_MISTAKE(scale_by_key_count, "attention_weights scaled_dot_product_attention cross_attention masked_attention self_attention scale_scores multi_head_attention",
             "the scores were divided by the square root of a number of tokens (the keys, K.n_rows "
             "= S.n_cols, or the queries, Q.n_rows = S.n_rows); d_k is the width of one key, "
             "K.n_cols, the number scale_scores is given (chapter 04, step 3)");
ATTN_MISTAKE(scale_multiplied, "attention_weights scale_scores scale_factor scaled_dot_product_attention cross_attention masked_attention self_attention multi_head_attention",
             "the scores were multiplied by sqrt(d_k) instead of divided by it: the scores grow "
             "with d_k instead of staying near 1, and softmax saturates (chapters 04 and 05)");
ATTN_MISTAKE(divisor_hard_coded, "scale_scores attention_weights scaled_dot_product_attention attention_questions scale_factor self_attention cross_attention masked_attention",
             "the divisor was a fixed number (2, the worked example's sqrt(4), or 8, the paper's "
             "sqrt(64)), written so or kept from the first call (a static const double root = "
             "std::sqrt(d_k) is worked out once, with the first call's d_k, and never again): it "
             "must follow the width of the keys on every call, "
             "std::sqrt(static_cast<double>(d_k)) with d_k = K.n_cols, which is 2 for keys 4 wide, "
             "3 for keys 9 wide and 8 for keys 64 wide (chapter 04, step 3)");
ATTN_MISTAKE(scale_by_sqrt_d_k_minus_one, "scale_scores attention_weights scale_factor",
             "the divisor was sqrt(d_k - 1), the n - 1 of a sample variance: nothing is estimated "
             "from data here; a score adds up d_k products of variance 1, so its variance is d_k "
             "and the divisor sqrt(d_k) (chapter 05)");
ATTN_MISTAKE(scale_by_half_d_k, "scale_scores attention_weights scale_factor",
             "the divisor was d_k / 2: a square root is not a half; the divisor is d_k to the power "
             "1/2, std::sqrt(static_cast<double>(d_k)) (chapter 05)");
ATTN_MISTAKE(scale_by_another_power_of_d_k, "scale_scores attention_weights scale_factor",
             "the divisor was {}: d_k to another power than 1/2 (a square where the root belongs, "
             "std::pow(d_k, 2) for std::pow(d_k, 0.5), or the root taken twice, as when sqrt(d_k) is "
             "handed to a function that takes the root itself); the divisor is sqrt(d_k) "
             "(chapter 05)");
ATTN_MISTAKE(sqrt_truncated_to_integer, "scale_scores attention_weights scaled_dot_product_attention scale_factor self_attention cross_attention masked_attention",
             "the square root of d_k was made a whole number: kept in an integer (arma::uword, int, "
             "or a cast), which cuts sqrt(8) = 2.83 down to 2, or rounded (std::round, std::ceil, or "
             "a loop counting up to the first s with s * s >= d_k), which makes it 3: keep it a "
             "double, const double root = std::sqrt(static_cast<double>(d_k)) (chapter 04, step 3)");

ATTN_MISTAKE(scale_factor_in_integers, "scale_scores",
             "the factor was worked out in integers: with d_k an arma::uword, 1 / d_k is integer "
             "division, 0 for every d_k above 1 (and so is 1 / an integer square root), so every "
             "scaled score came out 0 and only d_k = 1 was right; divide by a double, S / "
             "std::sqrt(static_cast<double>(d_k)), or write the 1 as 1.0 (chapter 04, step 3)");

// --- step 4: the weights
ATTN_MISTAKE(scores_negated_before_softmax, "attention_weights",
             "the softmax was taken of the negated scores (softmax_rows(-S), exp(-s) in a softmax of "
             "your own, or a factor -1 / sqrt(d_k)): the smallest score got the largest weight; a "
             "query attends most to the key it matches best, softmax_rows(S) of S = Q K^T / "
             "sqrt(d_k) as it is (chapter 04, step 4)");
ATTN_MISTAKE(softmax_left_out, "attention_weights scaled_dot_product_attention",
             "the scaled scores were used as the weights without a softmax: the weights are "
             "softmax_rows(S), each row positive and summing to 1, so that each query shares out "
             "one budget over the keys (chapter 04, step 4)");
ATTN_MISTAKE(scaled_after_softmax, "attention_weights scaled_dot_product_attention self_attention cross_attention masked_attention multi_head_attention",
             "the weights were divided by sqrt(d_k) after the softmax (softmax_rows(S) / "
             "sqrt(d_k)): the division tempers the scores before the softmax, softmax_rows(Q "
             "K^T / sqrt(d_k)) (in chapter 04, softmax_rows(scale_scores(scores(Q, K), d_k))); "
             "divided afterwards, the scores keep their spread and each row sums to 1 / "
             "sqrt(d_k) instead of 1 (chapter 04, steps 3 and 4)");

// --- step 5: the output
ATTN_MISTAKE(weights_transposed, "attend scaled_dot_product_attention self_attention llms_row multi_head_attention cross_attention masked_attention",
             "the output was A^T V: with A transposed, output row i mixes the values by how much "
             "attention key i received, not by how much query i paid; it is A * V, one row of A "
             "per query (for one row: A.row(i), not A.col(i)) (chapter 04, step 5)");
ATTN_MISTAKE(weights_instead_of_output, "attend attention_shapes scaled_dot_product_attention self_attention cross_attention masked_attention",
             "this is the weight matrix A (L_Q x L_K); the layer's output is A V (L_Q x d_v) "
             "(chapter 04, step 5)");
ATTN_MISTAKE(output_elementwise, "attend",
             "A % V multiplies entry by entry (it fits only when A and V have the same shape, and "
             "a loop reading A(i, c) and V(i, c) goes past the end of one of them otherwise); the "
             "output is the matrix product A * V, each entry a sum over the keys, Z(i, c) = sum_j "
             "A(i, j) V(j, c) (chapter 04, step 5)");
ATTN_MISTAKE(weights_normalised_again, "attend",
             "the weights were normalised again before A * V, each column of A divided by its sum "
             "(arma::sum(A, 0), or arma::normalise(A, 1)): the softmax already made each row, one "
             "query's budget, sum to 1, and a column (what one key receives) need not; use A as it "
             "is, A * V (chapter 04, step 5)");
ATTN_MISTAKE(weights_renormalised, "attend row_one_by_hand",
             "the weights were divided by their sum before being spent on the values (each row of A "
             "by arma::sum(A, 1), weights / arma::accu(weights), the output divided by it "
             "afterwards, or a single key handled apart as taking all the weight, V.row(0)): the output is the weighted sum of the weights as given, Z = A * V, "
             "z = sum_j weights(j) * V.row(j); weights that do not sum to 1 must not be changed, "
             "and a row of zero weights (a query that sees nothing) must give zeros, not 0 / 0 = "
             "NaN (chapter 04, step 5)");
ATTN_MISTAKE(weights_softmaxed_again, "attend row_one_by_hand llms_row scaled_dot_product_attention self_attention cross_attention masked_attention multi_head_attention",
             "the weights were put through a softmax again before being spent on the values "
             "(softmax_rows(A) * V, softmax_rows(softmax_rows(S)), or exp(weights(j)) over their "
             "sum): the weights already had their softmax (in attention_weights, or one line "
             "before), and a second one squeezes them towards even shares, so every output drifts "
             "towards the plain average of the values; take the softmax once and spend the weights "
             "as given, Z = A * V, and for one row z += weights(j) * V.row(j) (chapter 04, step 5)");
ATTN_MISTAKE(sum_starts_from_first_row, "row_one_by_hand llms_row",
             "the sum started from the first value row instead of zeros (z = V.row(0), or z = "
             "weights(0) * V.row(0)), so row 0 was counted once too often, or (with the loop then "
             "started at j = 1) without its weight: start the total at zeros, arma::rowvec "
             "z(V.n_cols, arma::fill::zeros), and let the loop add every weighted row once, z += "
             "weights(j) * V.row(j) for j = 0 .. V.n_rows - 1 (chapter 04, Try it)");
ATTN_MISTAKE(empty_sum_reads_past_the_end, "row_one_by_hand",
             "with no keys (weights 1x0, V 0 x d_v) an index ran past the end, though the sum is "
             "right whenever there is a key: the code reads a weight or a value row that does not "
             "exist there (the sum started from its first term, z = weights(0) * V.row(0) with the "
             "loop from j = 1, or z sized by V.row(0)), or a bound written V.n_rows - 1, an "
             "arma::uword, wrapped round below 0 to a huge number. The sum of no rows is d_v "
             "zeros: start at arma::rowvec z(V.n_cols, arma::fill::zeros) and loop while j < "
             "V.n_rows, which runs no step when there is nothing to add (chapter 04, Try it)");
ATTN_MISTAKE(loop_uses_a_fixed_index, "row_one_by_hand llms_row",
             "inside the loop a fixed index was written where the loop's own belongs (weights(0) "
             "for weights(j), or V.row(0) for V.row(j)), so every term used the same weight or the "
             "same value row: each term is weights(j) * V.row(j), both read at the loop's j "
             "(chapter 04, Try it)");
ATTN_MISTAKE(value_row_sized_by_keys, "row_one_by_hand",
             "z was made with V.n_rows entries (L_K, one per key) instead of V.n_cols (d_v, the "
             "width of one value): a weighted sum of value rows is as wide as one value row, "
             "arma::rowvec z(V.n_cols, arma::fill::zeros) (chapter 04, Try it)");
ATTN_MISTAKE(values_transposed, "attend row_one_by_hand llms_row scaled_dot_product_attention",
             "V was transposed (A * V.t(), or column j of V for value j, V.col(j) or V(c, j) where "
             "V(j, c) belongs): unlike K in Q K^T, V is "
             "used as it is, one row per key, so the output is A * V and one output row is the sum "
             "of weights(j) * V.row(j) (chapter 04, step 5)");
ATTN_MISTAKE(mix_loop_bound_d_v, "row_one_by_hand llms_row",
             "the loop over the value rows ran to V.n_cols (d_v, the width of one value) instead of "
             "V.n_rows (L_K, one row per key and per weight): for (arma::uword j = 0; j < "
             "V.n_rows; ++j) z += weights(j) * V.row(j); (chapter 04, Try it)");
ATTN_MISTAKE(wrong_output_row, "llms_row",
             "the output row was taken from {}; LLMs is the last token, so its weights are the "
             "last row of A, A.row(A.n_rows - 1), whatever the number of tokens (chapter 04, Try "
             "it)");
ATTN_MISTAKE(last_row_index_from_the_keys, "llms_row",
             "the last row was found with the number of keys, L_K - 1 (V.n_rows - 1, or A.n_cols - "
             "1), where the last query is row L_Q - 1: A has one row per query and one column per "
             "key, so the two counts differ whenever queries and keys do (2 queries may read 5 "
             "keys), and row L_K - 1 is another query's output row, or past the end of A; take "
             "the weights of the last query, A.row(A.n_rows - 1), or A(A.n_rows - 1, j) in a loop "
             "(chapter 04, Try it)");

// --- the range check of the Try it
ATTN_MISTAKE(range_checks_one_column, "llms_row",
             "only column 0 of V was checked: every column c has a range of its own, from "
             "V.col(c).min() to V.col(c).max(), and z(c) must lie inside it for every c (chapter "
             "04, Try it)");
ATTN_MISTAKE(range_of_row_not_column, "llms_row",
             "z(c) was compared with the range of row c of V (V.row(c).min() to V.row(c).max()) "
             "instead of column c: row c is the value of one key, while z(c) mixes entry c of "
             "every value, so its range is V.col(c).min() to V.col(c).max(), for every c < "
             "V.n_cols (chapter 04, Try it)");
ATTN_MISTAKE(range_of_whole_matrix, "llms_row",
             "z was compared with the smallest and largest entry of the whole of V (V.min(), "
             "V.max()): each column is averaged on its own, so z(c) must lie inside column c's "
             "range, V.col(c).min() to V.col(c).max() (chapter 04, Try it)");
ATTN_MISTAKE(range_bounds_exclusive, "llms_row",
             "an extreme value itself was called outside: a weighted average can reach the largest "
             "value (all the weight on it), so the bounds are inclusive: outside only when z(c) < "
             "lo - 1e-12 or z(c) > hi + 1e-12 (chapter 04, Try it)");
ATTN_MISTAKE(range_without_slack, "llms_row",
             "a z that passes an extreme by a rounding error (1e-13) was called outside: weights "
             "sum to 1 only up to rounding, so the contract allows 1e-12: outside only when z(c) < "
             "lo - 1e-12 or z(c) > hi + 1e-12 (chapter 04, Try it)");
ATTN_MISTAKE(range_slack_too_wide, "llms_row",
             "a z 1e-9 past an extreme was called inside: the slack was wider than the 1e-12 the "
             "contract allows for rounding, and a slack of 1e-6 or 1e-9 hides a real overshoot: "
             "outside when z(c) < lo - 1e-12 or z(c) > hi + 1e-12 (chapter 04, Try it)");
ATTN_MISTAKE(range_test_joined_with_and, "llms_row",
             "the out-of-range test joined its two sides with && (z(c) < lo && z(c) > hi): no "
             "number is both below the smallest and above the largest, so it never returned "
             "false; a value is out of range when it is below OR above, if (z(c) < lo - 1e-12 "
             "|| z(c) > hi + 1e-12) return false (chapter 04)");
ATTN_MISTAKE(range_checks_one_bound, "llms_row",
             "only one bound of the range was tested (z(c) >= lo, or z(c) <= hi), so a z above the "
             "largest value of its column (or below the smallest) was called inside: a weighted "
             "average lies between both, so z(c) is outside when z(c) < lo - 1e-12 or z(c) > hi + "
             "1e-12 (chapter 04, Try it)");
ATTN_MISTAKE(range_compared_by_size, "llms_row",
             "z(c) was compared by its size with the largest size in its column (std::abs(z(c)) <= "
             "arma::abs(V.col(c)).max()): the sign is lost, so a z(c) below the smallest value of its "
             "column but no larger in size than its largest (-0.1 against values from 0 to 1) was "
             "called inside; compare z(c) itself with both ends, outside when z(c) < "
             "V.col(c).min() - 1e-12 or z(c) > V.col(c).max() + 1e-12 (chapter 04, Try it)");
ATTN_MISTAKE(range_bounds_start_at_zero, "llms_row",
             "each column's smallest and largest value were started at 0 (double lo = 0, hi = 0) "
             "instead of at an entry of the column, so 0 joined every column's range: a column whose "
             "values are all above 0 (1 to 2) let a z(c) between 0 and its smallest value through, "
             "and one all below 0 a z(c) between its largest value and 0; start lo and hi at V(0, c), "
             "or take V.col(c).min() and V.col(c).max() (chapter 04, Try it)");
ATTN_MISTAKE(range_true_if_one_column_fits, "llms_row",
             "the answer was true as soon as one column was inside its range: z is inside only "
             "when every column is, so return false at the first column outside, true after the "
             "loop (chapter 04, Try it)");

// --- the questions
ATTN_MISTAKE(thinks_divisor_is_sqrt_d_model, "attention_questions",
             "the divisor is not sqrt(d_model): in the worked example the two widths are both 4, "
             "which hides the difference, but the scores are dot products of keys d_k wide, so "
             "they are divided by sqrt(d_k): sqrt(64) = 8 (chapter 04, 'The idea', item 2)");
ATTN_MISTAKE(thinks_divisor_is_a_width, "attention_questions",
             "the answer was a width itself; the scores are divided by the square root of the key "
             "width, sqrt(d_k): sqrt(64) = 8 for keys 64 wide (chapter 04, 'The idea', item 2)");
ATTN_MISTAKE(thinks_divisor_is_its_inverse, "attention_questions",
             "the answer was 1 / sqrt(d_k), the factor the scores are multiplied by; the question "
             "asks for the divisor, sqrt(d_k): 8 for keys 64 wide (chapter 04, 'The idea', item 2)");
ATTN_MISTAKE(thinks_the_layer_hands_on_weights, "attention_questions",
             "the weights are what gets drawn as heatmaps, but they are only the recipe: A is 3x3, "
             "one number per pair of tokens, while the next layer needs a row per token; it "
             "receives Z = A V, 3x4 (chapter 04, 'Two things to take away')");
ATTN_MISTAKE(thinks_the_layer_hands_on_scores, "attention_questions",
             "the scores are two steps before the end: softmax turns them into weights, and the "
             "weights are then spent on V; the layer hands on Z = A V (chapter 04, 'The idea')");
ATTN_MISTAKE(thinks_attention_is_symmetric, "attention_questions",
             "A(i, j) need not equal A(j, i): a plain dot product x_i . x_j would be symmetric, but "
             "a score pairs query i (made with W_q) with key j (made with W_k), and swapping i and "
             "j pairs two other vectors: love pays LLMs 0.23, LLMs pays love 0.14 (chapter 04, 'The "
             "idea', item 1)");
ATTN_MISTAKE(reads_attention_the_wrong_way, "attention_questions",
             "0.23 is what love pays LLMs (row love, column LLMs); what LLMs pays love is row LLMs, "
             "column love: the row is the token that looks, the column the token looked at, and "
             "attention is not symmetric (chapter 04, 'The idea', item 1)");
ATTN_MISTAKE(reads_another_entry_of_a, "attention_questions",
             "that is another entry of A ({}): the row is the token that looks (its query), the "
             "column the token looked at (its key), in the order I, love, LLMs (chapter 04, step "
             "4)");
ATTN_MISTAKE(gives_the_share_love_borrows, "attention_questions",
             "the answer was the share love borrows from the other tokens, 1 - A(love, love) = "
             "0.37 (0.14 from I and 0.23 from LLMs): the share of z_love that is v_love is the "
             "weight love pays its own value, A(love, love) = 0.63, row love and column love of A "
             "(chapter 04, 'The idea', item 4)");
ATTN_MISTAKE(thinks_a_token_keeps_its_whole_value, "attention_questions",
             "a token does not keep the whole of its own value: z_love = 0.14 v_I + 0.63 v_love + "
             "0.23 v_LLMs, so it keeps its own weight, 0.63, and borrows the rest from its "
             "neighbours (chapter 04, 'The idea', item 4)");
ATTN_MISTAKE(entry_divided_by_its_column_total, "attention_questions",
             "a weight was divided by its column's total, as if each key shared itself out over the "
             "queries: it is each ROW of A that sums to 1 (a query shares its attention over the "
             "keys), so the weight is read from A as it is, row the query, column the key (chapter "
             "04, step 4)");
ATTN_MISTAKE(thinks_a_token_skips_itself, "attention_questions",
             "the token's own key was left out of its row, as if a token never attended to itself: "
             "a query is compared with every key, its own included, so LLMs shares its weight over "
             "I, love and LLMs (e^1.5, e^1 and e^2.5 over their total), and love keeps 0.63 of its "
             "own value (chapter 04, step 4)");
ATTN_MISTAKE(thinks_weights_are_even, "attention_questions",
             "the weights are not shared evenly (1/3 each): each is e^score over the row's total, "
             "and love's own halved score, 2.5, is the largest of its row, so it keeps 0.63 "
             "(chapter 04, step 4)");
ATTN_MISTAKE(scale_scores_refuses_width_one, "scale_scores",
             "d_k = 1 was refused, but keys one number wide are keys like any others: sqrt(1) = 1 "
             "and the scores come back unchanged. Only d_k = 0 leaves nothing to divide by, so the "
             "refusal is for d_k == 0 alone, not d_k <= 1 or d_k < 2 (chapter 04, step 3)");
ATTN_MISTAKE(scale_subtracted, "scale_scores",
             "sqrt(d_k) was subtracted from the scores; scaling divides them by it, S / "
             "std::sqrt(static_cast<double>(d_k)), so that their spread stays near 1 whatever d_k "
             "is (chapter 04, step 3)");

}  // namespace attn_test::mistakes
