// 09_multi_head_attention.hpp: the mistakes first met in chapter 09 (multi_head_attention), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(span_end_inclusive, "split_heads concat_heads multi_head_attention add_positions",
             "a block of rows or columns ran one past the end (or came out one too wide): "
             "Armadillo counts from 0, and M.rows(a, b) and M.cols(a, b) include b itself, so w "
             "columns starting at a are M.cols(a, a + w - 1), the first block starts at 0 and the "
             "last ends at M.n_cols - 1, and the first L rows are M.rows(0, L - 1); one too far, "
             "and Armadillo refuses the shapes or the index (chapters 08 and 09)");
ATTN_MISTAKE(span_end_given_a_count, "split_heads multi_head_attention",
             "a block's second bound was given as a count of columns (M.cols(i * w, w), the way "
             "Eigen's middleCols(start, n) and NumPy's M[:, a:a + w] count): Armadillo's "
             "M.cols(a, b), M.rows(a, b) and M.submat(r1, c1, r2, c2) take the LAST index, "
             "inclusive, so head 0 came out w + 1 columns wide, head 1 a single column, and a range "
             "whose end lies before its start is refused. Write M.cols(i * w, (i + 1) * w - 1), or "
             "give a size: M.submat(0, i * w, arma::size(M.n_rows, w)); split_heads(M, heads) cuts "
             "them so (chapter 09)");
ATTN_MISTAKE(head_scale_by_sqrt_d_model, "multi_head_attention",
             "each head divided its scores by sqrt(d_model), the width of all the heads together; "
             "a head's score is a dot product of its own d_k = d_model / h columns, so its "
             "typical size is sqrt(d_k), and that is the divisor. With sqrt(d_model) every head's "
             "weights come out too flat. Call scaled_dot_product_attention on each head's slices, "
             "which divides by sqrt(K_i.n_cols), instead of scaling the whole Q once (chapter 09)");
ATTN_MISTAKE(heads_interleaved_columns, "multi_head_attention split_heads concat_heads",
             "the heads' columns were dealt every h-th one (column j of the whole went to, or came "
             "back from, head j % h); a head owns one "
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
ATTN_MISTAKE(heads_concat_stacked_rows, "concat_heads multi_head_attention",
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
             "the mask never reached {}, so their queries also read the keys they must not "
             "see: multi_head_attention's one mask applies to every head, "
             "scaled_dot_product_attention(Q_i, K_i, V_i, mask) (chapters 07 and 09)");
ATTN_MISTAKE(heads_keys_cut_from_queries, "multi_head_attention",
             "each head's keys were cut from Q instead of K (a slicing line copied and one name not "
             "changed, Q.cols(...) where K.cols(...) belongs): every head compared its queries with "
             "themselves. Head i's keys are its slice of K = X_kv W_k; in cross-attention keys cut "
             "from Q have L_Q rows, and scaled_dot_product_attention refuses them beside the L_K "
             "rows of the values (chapter 09)");
ATTN_MISTAKE(heads_keys_values_from_queries, "multi_head_attention",
             "a projection took the wrong input: the keys or the values (or both) were projected "
             "from X_q instead of X_kv. In cross-attention the queries come from one sequence "
             "(X_q W_q) and the keys and values from the other (X_kv W_k, X_kv W_v); with only "
             "one of K and V from X_q they differ in length, and scaled_dot_product_attention "
             "refuses them. In self-attention the two are the same matrix, which is why this "
             "only shows with X_q != X_kv (chapters 07 and 09)");
ATTN_MISTAKE(heads_count_used_as_width, "split_heads",
             "heads was used where one head's width belongs (each head taken `heads` columns wide, "
             "or head i started at column i * heads): heads is how many blocks there are, and one "
             "head's width is w = M.n_cols / heads, so head i is M.cols(i * w, (i + 1) * w - 1) "
             "(chapter 09)");
ATTN_MISTAKE(heads_width_from_rows, "split_heads",
             "the head width was computed from the rows, M.n_rows / heads; the heads share out "
             "the columns (the features), so w = M.n_cols / heads, and every head keeps all "
             "M.n_rows tokens (chapter 09)");
ATTN_MISTAKE(heads_concat_assumes_equal_widths, "concat_heads",
             "every part was taken to be as wide as part 0 (out.cols(i * w, (i + 1) * w - 1) with "
             "w = parts[0].n_cols); the parts may differ in width, so keep a running column "
             "offset, c += parts[i].n_cols, or join them with arma::join_rows (chapter 09)");
ATTN_MISTAKE(part_numbered_from_one, "concat_heads",
             "the error numbered the parts from 1 (\"part 2\" for parts[1]): the parts are "
             "numbered as they are indexed, from 0, so the message names part i \"part \" + "
             "std::to_string(i), and the first part is part 0 (chapter 09)");
ATTN_MISTAKE(parts_check_skips_the_last, "concat_heads",
             "the check of the parts' rows never reached the last part: a part of another height "
             "is refused in the middle of the list and let through at its end (a loop i + 1 < "
             "parts.size(), or i < parts.size() - 1, one short); compare every part after the "
             "first, i from 1 while i < parts.size(), with part 0 (chapter 09)");
ATTN_MISTAKE(heads_block_start_in_columns, "split_heads",
             "head i's block was copied from memptr() + i * w, a count of columns used as a count "
             "of entries: Armadillo stores M column by column, L entries each, so head i's first "
             "column starts i * w * L entries in (memptr() + i * w * L), and a block of w whole "
             "columns is what M.cols(i * w, (i + 1) * w - 1) gives without any pointer (chapter 09)");
ATTN_MISTAKE(part_named_by_another_index, "concat_heads",
             "the error gave the part that does not fit another part's number ({}): a name "
             "written in (\"part 1\"), or a line copied from the first comparison. Build the name "
             "from the index of the part compared, \"part \" + std::to_string(i), so the message "
             "points at the part that is wrong (chapter 09)");
ATTN_MISTAKE(heads_concat_loop_off_by_one, "concat_heads",
             "the loop over the parts was off by one: a part came out twice or was left out. With "
             "arma::mat out = parts[0] the loop starts at 1; starting from an empty out it starts "
             "at 0; either way it runs while i < parts.size() (chapter 09)");
ATTN_MISTAKE(heads_concat_offset_not_advanced, "concat_heads",
             "every part was written from column 0, so each one overwrote the last: the column "
             "where part i starts moves on by the width of each part before it, out.cols(c, c + w "
             "- 1) = parts[i]; then c += w (chapter 09)");
ATTN_MISTAKE(heads_concat_joined_after_zeros, "concat_heads",
             "out was made at its final size (all zeros) and the parts were then joined on after "
             "it with arma::join_rows, so the result is twice as wide, zeros first; either start "
             "from an empty arma::mat and join, or make it at full size and write each part into "
             "its own columns with out.cols(c, c + w - 1) = part (chapter 09)");
ATTN_MISTAKE(heads_values_cut_at_key_width, "multi_head_attention",
             "the values were cut into heads at the queries' and keys' width d_k (d_k columns "
             "wide, or starting at i * d_k); V = X_kv W_v has h d_v columns, so head i's values are its own d_v = "
             "W_v.n_cols / heads columns, V.cols(i * d_v, (i + 1) * d_v - 1), and d_v may differ "
             "from d_k; split_heads(V, heads) does it (chapter 09)");
ATTN_MISTAKE(heads_divisibility_on_d_model, "multi_head_attention",
             "inputs that fit were refused because d_model does not split into the heads "
             "(X_q.n_cols % heads): what is cut into heads is the projections' output, so the "
             "columns that must split evenly are W_q's (h d_k) and W_v's (h d_v); d_model 5 with "
             "2 heads of width 3 is a layer like any other (chapter 09)");
ATTN_MISTAKE(heads_width_from_d_model, "multi_head_attention",
             "each head was cut d_model / heads columns wide (X_q.n_cols / heads); a head's width "
             "comes from the projections, d_k = W_q.n_cols / heads for the queries and keys and "
             "d_v = W_v.n_cols / heads for the values, which is what split_heads(Q, heads) cuts; "
             "the two agree only when the projections keep the width d_model (chapter 09)");
ATTN_MISTAKE(heads_not_split, "multi_head_attention",
             "the projections were attended whole, as one wide head: Q, K and V must first be cut "
             "into the heads, split_heads(Q, heads) and the same for K and V, and each head "
             "attends on its own slices with its own softmax, dividing by the square root of its "
             "own width (chapter 09)");
ATTN_MISTAKE(heads_weights_before_softmax, "multi_head_attention",
             "each head's weights were kept before the softmax (its scores); weights[i] is the "
             "matrix that multiplies V_i, softmax_rows of the scaled, masked scores, each row "
             "summing to 1 over the keys, as scaled_dot_product_attention returns it in .weights "
             "(chapter 09)");

ATTN_MISTAKE(heads_numbered_from_the_right, "split_heads",
             "the heads were numbered from the right, so part 0 is the last block of columns: "
             "head i is the i-th block counted from the left, M.cols(i * w, (i + 1) * w - 1), so "
             "loop i upwards from 0 and push_back each block in that order (chapter 09)");
ATTN_MISTAKE(heads_parts_transposed, "split_heads",
             "each head came out transposed, w x L (a .t() on the block): a head keeps one row per "
             "token and takes w of the columns, L x w, which is M.cols(i * w, (i + 1) * w - 1) as "
             "it is (chapter 09)");
ATTN_MISTAKE(parts_sized_then_pushed, "split_heads",
             "the vector of parts was given its size first (parts.resize(heads), or "
             "std::vector<arma::mat> parts(heads)) and the parts were then push_back'ed after those "
             "empty matrices, so it holds 2h parts, the first h of them empty; either start from an "
             "empty vector and push_back, or size it and assign parts[i] = ... (chapter 09)");
ATTN_MISTAKE(heads_loop_runs_to_width, "split_heads",
             "the loop over the heads ran to the head width (i < w, w = M.n_cols / heads) instead "
             "of to the number of heads: it makes one part per head, i < heads, each w columns "
             "wide (chapter 09)");

ATTN_MISTAKE(heads_concat_width_without_part_0, "concat_heads",
             "the result's width was summed from part 1 on (a loop that starts at 1, as the row "
             "check may), so part 0's columns are missing from it: the width is the sum of every "
             "part's n_cols, part 0 included (chapter 09)");
ATTN_MISTAKE(heads_concat_width_not_summed, "concat_heads",
             "out was made narrower than all the parts together: its width was one part's, not "
             "the sum of them (width = parts[i].n_cols, an = where += belongs, keeps the last "
             "part's width; the widest part's or part 0's is no better), so writing the parts ran "
             "past its end (or, with the writes kept inside it, cut the rest off): the width is "
             "width += parts[i].n_cols over every part (chapter 09)");
ATTN_MISTAKE(heads_concat_offset_advanced_first, "concat_heads",
             "the column offset was moved on before each part was written (c += w, then "
             "out.cols(c, ...)), so part 0 starts at its own width and every part sits one part "
             "too far right; write part i at c first, then c += parts[i].n_cols (chapter 09)");
ATTN_MISTAKE(heads_concat_one_part_returned, "concat_heads",
             "only one part came back ({}), not the parts side by side: the result built in the "
             "loop is not the one returned. An `arma::mat out = ...` written again inside the "
             "loop makes a new out that hides the outer one and is gone at the closing brace; "
             "out = parts[i] replaces what was there; a return inside the loop ends it after "
             "part 0. Declare out once before the loop, add each part to it (out = "
             "arma::join_rows(out, parts[i]), no type in front) and return after the loop "
             "(chapter 09)");
ATTN_MISTAKE(heads_concat_summed, "concat_heads",
             "the parts were added together (out += parts[i]) instead of put side by side: concat "
             "keeps every head's columns, L x (w_0 + ... + w_{h-1}), with arma::join_rows or "
             "out.cols(c, c + w - 1) = parts[i] (chapter 09)");

ATTN_MISTAKE(heads_concat_empty_result_replaced, "concat_heads",
             "a part replaced the result while the result had no entries (out = out.is_empty() ? "
             "part : join_rows(out, part), or a test of out.n_elem == 0): the heads of a sequence "
             "of no tokens are 0-row parts, so each one replaced the one before and only the last "
             "part's width was left (0 x 1 for parts 0x2, 0x4 and 0x1, not 0 x 7); join every "
             "part, arma::join_rows takes empty matrices too, or start from parts[0] and join the "
             "others (chapter 09)");
ATTN_MISTAKE(heads_concat_no_columns_lost_rows, "concat_heads",
             "parts of no columns (L x 0 each) came back as a 0x0 matrix: the parts of no columns "
             "were skipped and the result built from an empty arma::mat, or an early return "
             "arma::mat() was taken when the widths sum to 0; the result still has one row per "
             "token, L x 0: join every part as it is (arma::join_rows keeps the rows of an L x 0 "
             "part), or make out L x (the sum of the widths) (chapter 09)");
ATTN_MISTAKE(heads_slice_of_head_0, "multi_head_attention",
             "every head used head 0's {} (index 0 where i belongs, a copied index), the rest "
             "its own: head i reads its own slice of the queries, the keys and the values, "
             "scaled_dot_product_attention(Q[i], K[i], V[i], mask), all three at the same i "
             "(chapter 09)");
ATTN_MISTAKE(heads_output_projection_transposed, "multi_head_attention",
             "the heads' concat was multiplied by W_o transposed (concat * W_o.t()); W_o is stored "
             "(h d_v) x d_model, one row per column of concat, so the output is concat * W_o as it "
             "is, L_Q x d_model (chapter 09)");
ATTN_MISTAKE(heads_split_by_head_width, "multi_head_attention",
             "each head was cut `heads` columns wide: split_heads(M, n) takes the number of parts, "
             "and it was handed the width of one head (d_k = W_q.n_cols / heads, or d_v), so it "
             "made d_k parts of `heads` columns each; pass the count, split_heads(Q, heads), and "
             "the same for K and V (chapter 09)");
ATTN_MISTAKE(heads_weights_not_returned, "multi_head_attention",
             "the result's weights came back empty: each head's weights (the .weights of its "
             "scaled_dot_product_attention) must be pushed onto r.weights, one L_Q x L_K matrix "
             "per head, in head order (chapter 09)");
ATTN_MISTAKE(heads_last_one_left_out, "multi_head_attention",
             "the last head was never computed (a loop to heads - 1, or <= heads - 2): concat is "
             "d_v columns short and one weights matrix is missing; loop i from 0 while i < heads "
             "(chapter 09)");
ATTN_MISTAKE(heads_weights_merged, "multi_head_attention",
             "r.weights held one L_Q x L_K matrix for all the heads (their mean, as PyTorch's "
             "average_attn_weights gives, their sum, or the weights of one head kept over the "
             "others): the result keeps every head's own weights, r.weights.push_back(head.weights) "
             "for each head i, h matrices in head order (chapter 09)");
ATTN_MISTAKE(heads_outputs_as_weights, "multi_head_attention",
             "each head's output (L_Q x d_v) was stored as its weights: r.weights gets the "
             ".weights of each head's attention, L_Q x L_K, and only the .output goes into concat "
             "(chapter 09)");
ATTN_MISTAKE(heads_residual_added, "multi_head_attention",
             "the input X_q was added to the output (output = concat W_o + X_q, a residual): "
             "multi_head_attention returns concat W_o alone; the residual X + attention(X) is the "
             "transformer block's, met in chapter 10 (chapter 09)");
ATTN_MISTAKE(heads_output_blocks_without_offset, "multi_head_attention",
             "each head's output was multiplied by W_o's first block of rows, W_o.rows(0, d_v - 1), "
             "for every head: head i meets the rows i*d_v .. (i+1)*d_v - 1 of W_o (the rows its "
             "columns of concat meet in concat W_o), W_o.rows(i * d_v, (i + 1) * d_v - 1); or "
             "simply output = concat * W_o (chapter 09)");
ATTN_MISTAKE(heads_output_blocks_at_key_width, "multi_head_attention",
             "W_o's rows were cut into per-head blocks at multiples of d_k: head i's output meets "
             "the rows of W_o that match its columns in concat, W_o.rows(i * d_v, (i + 1) * d_v - "
             "1), d_v = W_v.n_cols / heads; simpler still, concat_heads(...) * W_o (chapter 09)");

}  // namespace attn_test::mistakes
