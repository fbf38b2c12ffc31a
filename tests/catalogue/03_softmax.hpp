// 03_softmax.hpp: the mistakes first met in chapter 03 (softmax), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(softmax_over_columns, "masked_softmax softmax_rows attention_weights scaled_dot_product_attention cross_attention masked_attention self_attention",
             "softmax ran down the columns (each column sums to 1); it must run along each row, "
             "one query's budget over the keys. In Armadillo, arma::max(S) and arma::sum(E) work "
             "down the columns; along the rows they are arma::max(S, 1) and arma::sum(E, 1), used "
             "with .each_col() (chapter 03)");
ATTN_MISTAKE(softmax_over_whole_matrix, "masked_softmax softmax_rows",
             "softmax was normalised over the whole matrix (all entries sum to 1); each row must "
             "sum to 1 on its own: arma::accu(E) and S.max() take every entry, arma::sum(E, 1) "
             "and arma::max(S, 1) one per row (chapter 03)");
ATTN_MISTAKE(softmax_without_max_subtraction, "masked_softmax softmax_rows",
             "large scores overflowed to inf/NaN: subtract each row's maximum before exp, "
             "S.each_col() - arma::max(S, 1), which changes nothing else (chapter 03, shift "
             "invariance)");
ATTN_MISTAKE(softmax_shift_not_row_max, "masked_softmax softmax_rows",
             "the shift was not each row's own maximum (one maximum for the whole matrix, or each "
             "row's mean): right in exact arithmetic, but on rows far apart exp under- or "
             "overflows and the row becomes 0/0 = NaN; subtract max(S, 1), one maximum per row, "
             "which in Armadillo is S.each_col() - arma::max(S, 1) (chapter 03)");
ATTN_MISTAKE(softmax_shift_by_column_max, "masked_softmax softmax_rows",
             "each entry was shifted by its COLUMN's maximum: arma::max(S) works down the "
             "columns, so the entries of a row were shifted by different amounts and the weights "
             "changed; use arma::max(S, 1), each row's maximum, with S.each_col() (chapter 03)");
ATTN_MISTAKE(softmax_divided_by_max, "masked_softmax softmax_rows",
             "each row was divided by its largest exponential instead of the sum of its "
             "exponentials, so the rows do not sum to 1; divide by arma::sum(E, 1), the row sums "
             "(chapter 03)");
ATTN_MISTAKE(mask_after_softmax, "masked_softmax scaled_dot_product_attention masked_attention",
             "the mask was applied after the softmax (the hidden weights set to 0 afterwards), so "
             "the visible weights no longer sum to 1: add the mask to the scores (in attention, "
             "the scaled scores) and only then call softmax_rows (chapters 03 and 07)");
ATTN_MISTAKE(mask_with_zero, "masked_softmax scaled_dot_product_attention masked_attention",
             "forbidden scores were set to 0, but e^0 = 1 still gives those keys weight; a "
             "forbidden score must be -infinity, whose weight is exactly 0. In C++ this is S % "
             "(mask == 0) or .replace(-inf, 0): add the mask itself, S + mask (chapters 03 and "
             "07)");
ATTN_MISTAKE(mask_multiplied, "masked_softmax masked_attention",
             "the mask was multiplied into the scores (S % mask) instead of added (S + mask): "
             "every allowed score became 0, so the visible keys all weigh the same, and a score "
             "times -infinity is -inf, +inf or NaN by its sign (chapters 03 and 07)");
ATTN_MISTAKE(mask_large_finite_value, "masked_softmax causal_mask masked_attention",
             "forbidden keys got a large finite number (such as -1e9) instead of -infinity: "
             "nearly right, but their weights are tiny instead of exactly 0, and a row whose "
             "every key is forbidden would spread its weight evenly instead of getting zeros; use "
             "-arma::datum::inf (chapters 03 and 07)");
ATTN_MISTAKE(mask_added_to_weights, "masked_softmax scaled_dot_product_attention masked_attention",
             "the mask was added to the weights after the softmax; a weight plus -infinity is "
             "-infinity, so the output fills with -inf and NaN: add the mask to the scores before "
             "softmax_rows (chapters 03 and 07)");
ATTN_MISTAKE(masked_row_gives_nan, "masked_softmax softmax_rows masked_attention",
             "the row whose every key is hidden came out as NaN: its maximum is -infinity, and "
             "-inf - (-inf) is NaN; a query that may see nothing attends to nothing and gets a "
             "row of zeros. softmax_rows has that rule: call it, or give such a row zeros in your "
             "own loop (chapters 03 and 07)");
ATTN_MISTAKE(mask_ignored, "masked_softmax scaled_dot_product_attention masked_attention",
             "the mask was not used at all: every key got weight, the hidden ones too; add it to "
             "the scores before the softmax, S + mask (chapters 03 and 07)");

}  // namespace attn_test::mistakes
