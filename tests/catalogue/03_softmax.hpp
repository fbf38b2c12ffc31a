// 03_softmax.hpp: the mistakes first met in chapter 03 (softmax), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(softmax_over_columns, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention cross_attention masked_attention self_attention cross_entropy multi_head_attention",
             "softmax ran down the columns (each column sums to 1); it must run along each row, "
             "one query's budget over the keys. In Armadillo, arma::max(S) and arma::sum(E) work "
             "down the columns; along the rows they are arma::max(S, 1) and arma::sum(E, 1), used "
             "with .each_col() (chapter 03)");
ATTN_MISTAKE(softmax_over_whole_matrix, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention cross_entropy self_attention cross_attention masked_attention",
             "softmax was normalised over the whole matrix (all entries sum to 1); each row must "
             "sum to 1 on its own: arma::accu(E) and S.max() take every entry, arma::sum(E, 1) "
             "and arma::max(S, 1) one per row (chapter 03)");
ATTN_MISTAKE(softmax_without_max_subtraction,
             "masked_softmax softmax_rows attention_weights scaled_dot_product_attention self_attention cross_attention "
             "masked_attention beam_search",
             "large scores overflowed to inf/NaN: no shift was subtracted before exp, or not each "
             "row's own (one row's maximum used for every row, S(0, j) read where S(i, j) "
             "belongs, does nothing for rows far from it); subtract each row's own maximum, "
             "S.each_col() - arma::max(S, 1), which changes nothing else (chapter 03, shift "
             "invariance)");
ATTN_MISTAKE(softmax_shift_not_row_max, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention cross_entropy self_attention cross_attention masked_attention",
             "the shift was not each row's own maximum (one maximum for the whole matrix, each "
             "row's mean or minimum, its first score s(0), or row 0's maximum for every row, "
             "S(0, j) read where S(i, j) belongs): right in exact arithmetic, but on "
             "rows far apart, or a row whose later score lies far above the one shifted by, exp "
             "under- or overflows, and a hidden first key (-infinity) makes every e^(s - s(0)) "
             "infinite: the row becomes 0/0 or inf/inf = NaN; subtract max(S, 1), one maximum per "
             "row, which in Armadillo is S.each_col() - arma::max(S, 1) (chapter 03)");
ATTN_MISTAKE(softmax_shift_by_column_max, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention self_attention cross_attention masked_attention cross_entropy",
             "each entry was shifted by its COLUMN's maximum: arma::max(S) works down the "
             "columns, so the entries of a row were shifted by different amounts and the weights "
             "changed; use arma::max(S, 1), each row's maximum, with S.each_col() (chapter 03)");
ATTN_MISTAKE(softmax_divided_by_max, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention self_attention cross_attention masked_attention",
             "each row's largest weight came out as exactly 1, so the rows do not sum to 1: the "
             "exponentials were not divided by their row's sum (not divided at all, or divided by "
             "the largest one, which is 1 once the maximum is subtracted, or by a sum kept in an "
             "int, which truncates every exponential below 1 and so totals 1: std::accumulate(..., "
             "0) adds in int); divide by arma::sum(E, 1), the row sums, with E.each_col() / "
             "(chapter 03)");
ATTN_MISTAKE(mask_after_softmax, "masked_softmax scaled_dot_product_attention masked_attention multi_head_attention",
             "the mask was applied after the softmax (the hidden weights set to 0 afterwards), so "
             "the visible weights no longer sum to 1: add the mask to the scores (in attention, "
             "the scaled scores) and only then call softmax_rows (chapters 03 and 07)");
ATTN_MISTAKE(softmax_shift_before_mask, "masked_softmax",
             "the softmax was taken before the mask hid anything: each row shifted by the largest "
             "of its scores, or softmax(S) with the hidden weights zeroed and the rest renormalised. "
             "That largest score may belong to a hidden key: 1000 above the visible ones, every "
             "visible e^(s - max) is 0 and the row comes out 0 / 0 = NaN. Add the mask first, then "
             "shift by the maximum of S + mask, which is the largest visible score (chapter 03)");
ATTN_MISTAKE(mask_with_zero, "masked_softmax scaled_dot_product_attention masked_attention multi_head_attention causal_mask",
             "forbidden scores were set to 0, but e^0 = 1 still gives those keys weight; a "
             "forbidden score must be -infinity, whose weight is exactly 0. In C++ this is S % "
             "(mask == 0) or .replace(-inf, 0): add the mask itself, S + mask (chapters 03 and "
             "07)");
ATTN_MISTAKE(mask_multiplied, "masked_softmax masked_attention scaled_dot_product_attention",
             "the mask was multiplied into the scores (S % mask) instead of added (S + mask): "
             "every allowed score became 0, so the visible keys all weigh the same, and a score "
             "times -infinity is -inf, +inf or NaN by its sign (chapters 03 and 07)");
ATTN_MISTAKE(mask_large_finite_value, "masked_softmax causal_mask masked_attention scaled_dot_product_attention",
             "forbidden keys got a large finite number (such as -1e9) instead of -infinity: "
             "nearly right, but their weights are tiny instead of exactly 0, and a row whose "
             "every key is forbidden would spread its weight evenly instead of getting zeros; use "
             "-arma::datum::inf (chapters 03 and 07)");
ATTN_MISTAKE(mask_added_to_weights, "masked_softmax scaled_dot_product_attention masked_attention multi_head_attention",
             "the mask was added to the weights after the softmax; a weight plus -infinity is "
             "-infinity, so the output fills with -inf and NaN: add the mask to the scores before "
             "softmax_rows (chapters 03 and 07)");
ATTN_MISTAKE(mask_subtracted, "masked_softmax scaled_dot_product_attention masked_attention multi_head_attention",
             "the mask was subtracted from the scores, S - mask (or -mask handed on), where it is "
             "added: a hidden key's -infinity became +infinity, so the softmax got +infinity "
             "(softmax_rows refuses it; a softmax of your own gives NaN, infinity minus infinity) "
             "and any finite entry pushed the score the wrong way; add it, S + mask, so that "
             "exp(-infinity) = 0 leaves the hidden keys no weight (chapter 03)");
ATTN_MISTAKE(mask_read_as_keep_pattern, "masked_softmax scaled_dot_product_attention masked_attention multi_head_attention",
             "the mask was read as a 0/1 pattern of the keys to keep (the scores set to -inf where "
             "mask == 0), so the visible keys were hidden and only the hidden ones kept: the mask "
             "is additive, 0 where query i may see key j and -infinity where it may not, so it is "
             "added as it is to the (scaled) scores, S + mask, before softmax_rows; a 0/1 "
             "pattern becomes such a mask by additive_mask (chapters 03 and 07)");
ATTN_MISTAKE(masked_row_tested_on_one_key, "softmax_rows masked_softmax",
             "a row was taken as wholly hidden when one of its keys was -infinity (the first, "
             "s(0) == -inf, the last, or any), and given zeros though other keys were visible: a "
             "row has nothing to look at only when its largest score is -infinity, so test the "
             "row's maximum, s.max() == -arma::datum::inf (chapter 03)");
ATTN_MISTAKE(softmax_shift_on_one_side, "softmax_rows masked_softmax",
             "the row's maximum was subtracted on one side of the fraction only: exp(s - max) "
             "over the total of the unshifted exp(s) (or exp(s) over the shifted total), so each "
             "row came out e^-max (or e^max) times the right one, and 0 or inf for large scores; "
             "shift once, e = exp(s - max), and divide e by its own total, arma::accu(e) (chapter "
             "03)");
ATTN_MISTAKE(softmax_row_loop_to_key_count, "softmax_rows masked_softmax",
             "the loop over the queries ran to S.n_cols, the number of keys, where S.n_rows "
             "belongs: with more queries than keys the rows past L_K were left at 0, with fewer an "
             "index ran past the last row (unless also bounded by n_rows); each query is a row, "
             "for (arma::uword i = 0; i < S.n_rows; ++i) (chapter 03)");
ATTN_MISTAKE(masked_row_gives_nan, "masked_softmax softmax_rows masked_attention scaled_dot_product_attention multi_head_attention",
             "the row whose every key is hidden came out as NaN, in one of two ways: its maximum "
             "is -infinity and -inf - (-inf) is NaN, or its weights, all 0, were divided by their "
             "sum, 0 (0 / 0 is NaN). A query that may see nothing attends to nothing and gets a "
             "row of zeros: give such a row (its maximum is -infinity) zeros before subtracting "
             "or dividing, as softmax_rows does; and the rows softmax_rows returns already sum to "
             "1 (or are all 0), so divide them by nothing afterwards (chapters 03 and 07)");
ATTN_MISTAKE(mask_finite_entries_ignored, "scaled_dot_product_attention masked_attention",
             "only the mask's -infinity entries were used (a key hidden or not), and its finite "
             "entries were never added: an additive mask may hold -1.5 or 2 as well, which lower "
             "or raise their scores by that much, so add the whole mask, S + mask, rather than "
             "testing for -infinity (chapters 06 and 07)");
ATTN_MISTAKE(mask_ignored, "masked_softmax scaled_dot_product_attention masked_attention",
             "the mask was not used at all: every key got weight, the hidden ones too; add it to "
             "the scores before the softmax, S + mask (chapters 03 and 07)");
ATTN_MISTAKE(mask_transposed, "masked_attention masked_softmax scaled_dot_product_attention multi_head_attention",
             "the mask was transposed (mask.t(), or read through memptr() row by row, mask[i * L_K "
             "+ j], where Armadillo keeps it column by column): mask(i, j) is about query i (row) "
             "and key j (column), like the scores, so it is added as it is, S + mask; transposed, "
             "the causal mask hides the past instead of the future (chapter 07)");
ATTN_MISTAKE(softmax_backward_without_subtraction, "softmax_rows_backward softmax_jvp attention_backward",
             "the gradient came out as a % v (for a matrix, A % dA): the term minus the row's dot "
             "product a . v is missing; every weight of a row shares one budget, so raising one "
             "lowers the others, and the subtraction says so: a % (v - arma::dot(a, v)), row by "
             "row arma::sum(A % dA, 1) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_missing_weights, "softmax_rows_backward softmax_jvp attention_backward",
             "the leading multiplication by the weights was left out: the gradient is a % (v - a "
             ". v), the Jacobian of softmax times v; without the a % each entry gets v minus its "
             "weighted mean (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_diagonal_only, "softmax_rows_backward softmax_jvp attention_backward",
             "only the diagonal of the softmax Jacobian was used, a % (1 - a) % v: raising one "
             "score also lowers every other weight of its row (J = diag(a) - a^T a), so the "
             "gradient is a % (v - a . v). The same numbers come from a dot product that was "
             "never summed: a % v where the one number a . v belongs (arma::sum(a % v, 0) on a "
             "row, or on a matrix's rows, sums down each column, which leaves every entry as "
             "it is; along a row it is arma::sum(..., 1), or arma::dot) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_unweighted_dot, "softmax_jvp softmax_rows_backward attention_backward",
             "the subtracted term was the plain sum (or mean) of v, not its weighted sum a . v = "
             "sum_j a_j v_j: each entry is a_i (v_i - a . v), with the weights a inside the dot "
             "product: arma::dot(a, v) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_normalised_by_length, "softmax_rows masked_softmax attention_weights scaled_dot_product_attention beam_search self_attention cross_attention masked_attention",
             "the exponentials were divided by their length (2-norm, the square root of the sum "
             "of squares), as arma::normalise does by default; softmax divides by their plain "
             "sum, so that the weights add up to 1: E.each_col() / arma::sum(E, 1), or "
             "arma::normalise(E, 1, 1) (p = 1, along the rows) (chapter 03)");
ATTN_MISTAKE(softmax_without_exp, "softmax_rows masked_softmax attention_weights scaled_dot_product_attention self_attention cross_attention masked_attention",
             "the scores were divided by their sum without exponentiating them: softmax takes e^s "
             "first (after subtracting the row maximum), which makes every weight positive and "
             "turns differences of scores into ratios of weights: arma::exp(S.each_col() - "
             "arma::max(S, 1)) (chapter 03)");
ATTN_MISTAKE(masked_softmax_scores_scaled, "masked_softmax",
             "the scores were divided by a square root (of S.n_cols or S.n_rows) before the "
             "softmax: masked_softmax takes the scores as they come, softmax_rows(S + mask); the "
             "1 / sqrt(d_k) belongs to scale_scores, before masked_softmax is called, and d_k is "
             "the width of the keys, which S does not show (chapters 03 and 04)");
ATTN_MISTAKE(softmax_jvp_dot_in_integer, "softmax_jvp",
             "the dot product a . v was summed in an integer (int av = 0; av += a(j) * v(j)): each "
             "addition drops the fraction (a weight is below 1, so most terms vanish), and a whole "
             "number was subtracted from v; keep it in a double, double av = 0.0, or write "
             "arma::dot(a, v) (chapter 03)");
ATTN_MISTAKE(softmax_total_not_reset, "softmax_rows masked_softmax attention_weights scaled_dot_product_attention self_attention cross_attention masked_attention",
             "the running total of the exponentials was declared once, outside the loop over the "
             "rows, and never set back to 0: each row was divided by its own sum plus those of "
             "every row before it, so every row after the first sums to less than 1; start it "
             "afresh for each row, double total = 0.0 inside the row loop (chapter 03)");
ATTN_MISTAKE(softmax_max_read_after_overwrite, "softmax_rows masked_softmax",
             "the row's maximum was read again for each entry (A.row(i).max() inside the loop "
             "over the keys) while that row was being overwritten with exponentials: the shift "
             "changed from entry to entry, so the row came out in the wrong proportions; take "
             "the maximum once, before the loop, const double m = S.row(i).max(), and read the "
             "scores from S, not from the row being written (chapter 03)");
ATTN_MISTAKE(softmax_max_started_at_zero, "softmax_rows masked_softmax",
             "the row's maximum was started at 0 (double m = 0.0, then raised to any larger "
             "score), so a row whose scores all lie below 0 was shifted by 0 instead of by its "
             "own maximum: below about -745 every exp(s - 0) underflows to 0 and the row came out "
             "0 / 0 = NaN (or 0, where a total of 0 is taken for a hidden row); and m is never "
             "-infinity, so a test m == -inf never holds and a row of nothing but -inf came out "
             "0 / 0 = NaN too. Start the maximum at the row's first "
             "score, double m = S(i, 0) (or at -arma::datum::inf), or take S.row(i).max() "
             "(chapter 03)");
ATTN_MISTAKE(softmax_returns_at_hidden_row, "softmax_rows masked_softmax",
             "the loop over the rows ended at the first row of nothing but -infinity (a return or "
             "a break where continue belongs): that row rightly stays all zeros, but so does every "
             "row after it, which was never computed; skip the hidden row with continue and let "
             "the loop go on to the last row, return A after it (chapter 03)");
ATTN_MISTAKE(softmax_divided_by_running_total, "softmax_rows masked_softmax",
             "each exponential was divided by the total in the same loop that adds it up, "
             "before the total was complete: entry j came out e_j / (e_0 + ... + e_j), so the "
             "first visible key got 1 (a hidden first key 0 / 0 = NaN) and the row sums to more "
             "than 1; add up the whole row's total in a first loop, then divide every entry by "
             "it in a second: out(i, j) /= total, or A.row(i) = e / arma::accu(e) (chapter 03)");
ATTN_MISTAKE(masked_row_spread_evenly, "softmax_rows masked_softmax masked_attention",
             "a row whose every key is -infinity was given even weights (1 / L_K each; written "
             "1 / S.n_cols, a division of integers, that is 0 for several keys but 1 for a single "
             "key); such a query may see nothing, so it attends to nothing: its row is all zeros, "
             "A.row(i).zeros() (the course's rule, which keeps a hidden key's weight exactly 0) "
             "(chapters 03 and 07)");
ATTN_MISTAKE(thinks_softmax_never_reaches_0_or_1, "softmax_questions",
             "softmax's outputs are not always strictly between 0 and 1: a row with a single "
             "score gives exactly 1, and a key at -infinity gets exactly 0; what always holds is "
             "that the weights are at least 0 and add up to 1 (chapter 03, the common mistake)");
ATTN_MISTAKE(thinks_a_lone_key_shares_its_weight, "softmax_questions",
             "a row with a single score has one weight, e^s / e^s = 1, whatever s is: the whole "
             "budget goes to the only key (chapter 03)");
ATTN_MISTAKE(thinks_a_masked_key_keeps_some_weight, "softmax_questions",
             "a key whose score is -infinity gets e^-infinity = 0 in the numerator, so its weight "
             "is exactly 0, not merely small (chapter 03)");
ATTN_MISTAKE(thinks_the_masked_weight_is_undefined, "softmax_questions",
             "a masked key's weight is a number, 0, not NaN: e^-infinity is exactly 0, so the key "
             "adds nothing to the numerator or the total; NaN (0 / 0) comes only when every key of "
             "a row is masked, and the course gives that row zeros (chapter 03)");
ATTN_MISTAKE(thinks_the_masked_weight_is_its_score, "softmax_questions",
             "-infinity is what the mask makes of the key's score; its weight is what softmax "
             "makes of that score, e^-infinity / (sum of the row) = 0: a weight is never negative "
             "(chapter 03)");
ATTN_MISTAKE(thinks_a_shift_changes_softmax, "softmax_questions",
             "adding 100 to every score of a row changes no weight: e^(s + 100) = e^100 e^s, and "
             "the factor e^100 appears in every entry and in the total, so it cancels; this is "
             "why subtracting the maximum is safe (chapter 03)");
ATTN_MISTAKE(thinks_softmax_can_reorder, "softmax_questions",
             "a bigger score always gets a bigger weight: exp only grows as its input grows, and "
             "every entry of a row is divided by the same total (chapter 03)");
ATTN_MISTAKE(softmax_backward_roles_swapped, "softmax_jvp softmax_rows_backward attention_backward",
             "the weights and the incoming gradient swapped places: each entry came out as "
             "g_j (a_j - a . g) where it is a_j (g_j - a . g), the weight outside the bracket "
             "and the gradient inside; softmax_jvp(a, v) and softmax_rows_backward(A, dA) both "
             "take the weights first (chapters 03 and 11)");
ATTN_MISTAKE(jacobian_applied_to_the_weights, "softmax_jvp softmax_rows_backward attention_backward",
             "the Jacobian was applied to the weights instead of to the incoming gradient (a * J, "
             "J * a.t(), or a % (a - arma::dot(a, a))): the gradient was never used; the product "
             "asked for is J v, (J v)_i = a_i (v_i - a . v), which is a % (v - arma::dot(a, v)) "
             "for one row, and A % (dA.each_col() - arma::sum(A % dA, 1)) in softmax_rows_backward "
             "(chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_brackets, "softmax_jvp softmax_rows_backward attention_backward",
             "the dot product was subtracted outside the bracket, a % v - a . v: each entry is "
             "a_i (v_i - a . v), so the dot product is multiplied by a_i too: a % (v - "
             "arma::dot(a, v)) (chapters 03 and 11)");

ATTN_MISTAKE(softmax_backward_dot_added, "softmax_jvp softmax_rows_backward attention_backward",
             "the dot product was added where it is subtracted, a % (v + a . v): each entry is "
             "a_i (v_i - a . v), the gradient minus its weighted mean, so a % (v - "
             "arma::dot(a, v)) (chapters 03 and 11)");

ATTN_MISTAKE(softmax_backward_dot_of_weights, "softmax_jvp softmax_rows_backward attention_backward",
             "the subtracted dot product was the weights' with themselves, a . a "
             "(arma::dot(a, a), or arma::sum(A % A, 1) row by row), where it is the weights' with "
             "the incoming gradient, a . v: a % (v - arma::dot(a, v)), and for a matrix "
             "A % (dA.each_col() - arma::sum(A % dA, 1)) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_weights_softmaxed_again, "softmax_jvp softmax_rows_backward attention_backward",
             "the weights were put through softmax once more before use: they already are "
             "softmax(s) of the forward pass, and a second softmax flattens every row toward "
             "1 / L_K (and gives masked keys a weight); use them as given, a % (v - a . v) "
             "(chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_first_term_unweighted, "softmax_jvp softmax_rows_backward attention_backward",
             "the result came out as v - a % (a . v): the weights multiplied the dot product's "
             "term but not v. The Jacobian, diag(a) - a^T a, puts a on both terms: a % v - a % "
             "(a . v) = a % (v - a . v) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_dot_as_mean, "softmax_jvp softmax_rows_backward attention_backward",
             "the subtracted dot product was a mean, arma::mean(a % v), that is a . v divided by "
             "L_K; it is the plain sum over the keys, arma::dot(a, v) (arma::sum(A % dA, 1) row "
             "by row): the weights already sum to 1, so nothing more is divided (chapters 03 and "
             "11)");
ATTN_MISTAKE(softmax_jacobian_own_weight_twice, "softmax_jvp softmax_rows_backward attention_backward",
             "the Jacobian was written J(i, j) = a_i (delta_ij - a_i), with a_i where a_j belongs, "
             "so each entry came out a_i (v_i - a_i sum(v)); entry (i, j) is a_i (delta_ij - a_j), "
             "and summed against v that gives a_i (v_i - a . v): a % (v - arma::dot(a, v)) "
             "(chapters 03 and 11)");
ATTN_MISTAKE(softmax_jacobian_without_delta, "softmax_jvp softmax_rows_backward attention_backward",
             "the Jacobian was remembered without its Kronecker delta, J(i, j) = a_i (1 - a_j), so "
             "each entry came out a_i (sum(v) - a . v); the 1 belongs on the diagonal only, "
             "J(i, j) = a_i (delta_ij - a_j), which gives a_i (v_i - a . v): a % (v - "
             "arma::dot(a, v)) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_gradient_in_front, "softmax_jvp softmax_rows_backward attention_backward",
             "the factor in front of the bracket was the incoming gradient, v % (v - a . v) "
             "(dA % (...) for a matrix), where it is the weights: the Jacobian's rows are scaled by "
             "a, so each entry is a_i (v_i - a . v): a % (v - arma::dot(a, v)) (chapters 03 and "
             "11)");
ATTN_MISTAKE(softmax_backward_dot_unfinished, "softmax_jvp softmax_rows_backward attention_backward",
             "each entry subtracted an unfinished dot product, a . v over the keys before it (or "
             "up to it) only: the sum was added up in the same loop that wrote the entries, or the "
             "Jacobian was filled only for j <= i (its lower half, as if symmetry made the other "
             "half unneeded) and then applied; add up the whole row's a . v in a first loop, then "
             "write a_j (v_j - a . v) in a second (or fill every entry of J) (chapters 03 and 11)");
ATTN_MISTAKE(softmax_backward_dot_one_short, "softmax_jvp softmax_rows_backward attention_backward",
             "the dot product a . v left out a key: its loop stopped one short (k + 1 < L_K, or k < "
             "n - 1: the last key) or started at 1 (the first key); it adds up a_k v_k over every "
             "key of the row, for (arma::uword k = 0; k < a.n_cols; ++k); where the loop writing the "
             "entries stopped one short too, "
             "the last key's entry also stayed 0: both loops run over every key (chapters 03 and "
             "11)");
ATTN_MISTAKE(softmax_backward_of_log_softmax, "softmax_jvp softmax_rows_backward attention_backward",
             "this is the backward pass of log-softmax, v - a sum(v), not of softmax: softmax's "
             "Jacobian diag(a) - a^T a scales every entry by its weight and subtracts the weighted "
             "sum a . v, giving a % (v - arma::dot(a, v)) (chapters 03 and 11)");

}  // namespace attn_test::mistakes
