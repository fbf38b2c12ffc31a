// 09_multi_head_attention.hpp: the mistakes first met in chapter 09 (multi_head_attention), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(span_end_inclusive, "split_heads add_positions",
             "a block of rows or columns came out one too wide: Armadillo's M.rows(a, b) and "
             "M.cols(a, b) include b itself, so w columns starting at a are M.cols(a, a + w - 1) "
             "and the first L rows are M.rows(0, L - 1); with a + w Armadillo refuses the shapes "
             "or runs past the end (chapters 08 and 09)");
ATTN_MISTAKE(head_scale_by_sqrt_d_model, "multi_head_attention",
             "each head divided its scores by sqrt(d_model), the width of all the heads together; "
             "a head's score is a dot product of its own d_k = d_model / h columns, so its "
             "typical size is sqrt(d_k), and that is the divisor. With sqrt(d_model) every head's "
             "weights come out too flat. Call scaled_dot_product_attention on each head's slices, "
             "which divides by sqrt(K_i.n_cols), instead of scaling the whole Q once (chapter 09)");
ATTN_MISTAKE(heads_interleaved_columns, "multi_head_attention split_heads",
             "the heads took every h-th column (column j went to head j % h); a head owns one "
             "contiguous block of d_k columns, head i the columns i*d_k .. (i+1)*d_k - 1, because "
             "W_q is the heads' own projections written side by side: M.cols(i * w, (i + 1) * w - "
             "1) (chapter 09)");
ATTN_MISTAKE(heads_split_by_rows, "split_heads",
             "the matrix was cut into blocks of rows, so each head got some of the tokens with "
             "all their columns; every head sees every token and gets a slice of the features: "
             "cut the columns, M.cols(...), never M.rows(...) (chapter 09)");
ATTN_MISTAKE(heads_concat_reversed, "concat_heads multi_head_attention",
             "the heads were put back in reverse order (the last head leftmost); head 0 goes in "
             "the first d_v columns, because W_o's first d_v rows are the ones that read head 0 "
             "(chapter 09)");
ATTN_MISTAKE(heads_output_projection_missing, "multi_head_attention",
             "the output is the concatenation itself: W_o was left out. The heads' outputs side "
             "by side are L_Q x (h d_v); output = concat * W_o mixes them into one row of width "
             "d_model per token (chapter 09)");
ATTN_MISTAKE(heads_one_softmax_over_all_heads, "multi_head_attention",
             "one softmax ran over every head's scores together, so a query's weights sum to 1 "
             "over all the heads instead of within each head; every head is an attention of its "
             "own, with its own row softmax: one call of scaled_dot_product_attention per head "
             "(chapter 09)");
ATTN_MISTAKE(heads_slice_starts_at_head_index, "split_heads",
             "head i started at column i instead of i * w, so the heads overlap and most columns "
             "are never used: head i owns columns i * w .. (i + 1) * w - 1, M.cols(i * w, (i + 1) "
             "* w - 1) with w = M.n_cols / heads (chapter 09)");
ATTN_MISTAKE(heads_concat_stacked_rows, "concat_heads",
             "the heads were stacked on top of each other (arma::join_cols, rows after rows) "
             "instead of side by side: concat keeps one row per token and puts the heads' columns "
             "next to each other, L x (w_0 + ... + w_{h-1}), which is arma::join_rows (or "
             "out.cols(...) = part) (chapter 09)");
ATTN_MISTAKE(head_scale_by_total_width, "multi_head_attention",
             "each head divided its scores by sqrt(h d_k), the width of all the heads' queries "
             "together (W_q.n_cols); a head's score is a dot product of its own d_k = W_q.n_cols "
             "/ h columns, so the divisor is sqrt(d_k) = sqrt(Q_i.n_cols), which "
             "scaled_dot_product_attention on each head's slices uses (chapter 09)");
ATTN_MISTAKE(heads_mask_not_passed, "multi_head_attention",
             "the mask never reached the heads, so every query also read the keys it must not "
             "see: multi_head_attention's one mask applies to every head, "
             "scaled_dot_product_attention(Q_i, K_i, V_i, mask) (chapters 07 and 09)");
ATTN_MISTAKE(heads_keys_values_from_queries, "multi_head_attention",
             "the keys and values were projected from X_q instead of X_kv: in cross-attention the "
             "queries come from one sequence (X_q W_q) and the keys and values from the other "
             "(X_kv W_k, X_kv W_v); in self-attention the two are the same matrix, which is why "
             "this only shows with X_q != X_kv (chapters 07 and 09)");

}  // namespace attn_test::mistakes
