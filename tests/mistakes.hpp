// mistakes.hpp: every mistake the checker can name, in one list.
//
// A test that recognises one calls attn_test::report(mistakes::<id>), which fails
// the test with "mistake [<id>]: <explanation>"; ./course check shows the
// explanation to the learner. For every id here, tests/mistakes/<exercise>/<id>.cpp
// holds a deliberately wrong implementation, and the suite proves that checking it
// names exactly this mistake (ctest -L mistakes). A new entry without such a file
// fails the suite (mistakes.every_diagnosis_has_a_wrong_implementation).
#pragma once

#include <armadillo>
#include <boost/test/unit_test.hpp>

namespace attn_test {

struct Mistake {
    const char* id;
    const char* explanation;
};

// One X(ID, EXPLANATION) per mistake. Keep ids snake_case and stable: the suite uses them.
#define ATTN_MISTAKES(X)                                                                                            \
    X(rnn_forgets_previous_state,                                                                                   \
      "each h_t was computed from x_t alone, without W h_{t-1}: the loop's memory is the h of the step "          \
      "before (chapter 01, step 1)")                                                                                \
    X(rnn_stale_state,                                                                                              \
      "every step was given h_start instead of the h the previous step returned: update h inside the loop "       \
      "(chapter 01, step 1)")                                                                                       \
    X(rnn_weights_swapped,                                                                                          \
      "W and U were swapped: W (d_h x d_h) carries the memory and multiplies h_{t-1}; U (d_h x d_in) brings in "     \
      "the new input and multiplies x_t (chapter 01, step 1)")                                                      \
    X(rnn_weight_not_transposed,                                                                                    \
      "the state was multiplied by W itself (h_prev * W): in row form the step is h_t = tanh(h_{t-1} W^T + "        \
      "x_t U^T), so it is h_prev * W.t() (chapter 01, step 1)")                                                     \
    X(rnn_no_tanh,                                                                                                  \
      "tanh was left out: the step returns tanh of W h_{t-1} + U x_t, which keeps every entry of h between -1 "     \
      "and 1 (chapter 01, step 1)")                                                                                 \
    X(rnn_path_runs_backwards,                                                                                      \
      "the loop's path length was taken as a distance |i - j|: the loop only runs forwards (h_j is made from "     \
      "h_{j-1}), so a later position never reaches an earlier one; answer kNeverReaches there (chapter 01, step 4)") \
    X(softmax_over_columns,                                                                                         \
      "softmax ran down the columns (each column sums to 1); it must run along each row, one query's budget "     \
      "over the keys. In Armadillo, arma::max(S) and arma::sum(E) work down the columns; along the rows they are "  \
      "arma::max(S, 1) and arma::sum(E, 1), used with .each_col() (chapter 03)")                                                                                 \
    X(softmax_over_whole_matrix,                                                                                    \
      "softmax was normalised over the whole matrix (all entries sum to 1); each row must sum to 1 on its own: "   \
      "arma::accu(E) and S.max() take every entry, arma::sum(E, 1) and arma::max(S, 1) one per row (chapter 03)")                                                                                               \
    X(softmax_without_max_subtraction,                                                                              \
      "large scores overflowed to inf/NaN: subtract each row's maximum before exp, S.each_col() - arma::max(S, 1), " \
      "which changes nothing else (chapter 03, shift invariance)")                                                                        \
    X(softmax_shift_not_row_max,                                                                                    \
      "the shift was not each row's own maximum (one maximum for the whole matrix, or each row's mean): right in "  \
      "exact arithmetic, but on rows far apart exp under- or overflows and the row becomes 0/0 = NaN; subtract "    \
      "max(S, 1), one maximum per row, which in Armadillo is S.each_col() - arma::max(S, 1) (chapter 03)")           \
    X(softmax_shift_by_column_max,                                                                                  \
      "each entry was shifted by its COLUMN's maximum: arma::max(S) works down the columns, so the entries of a "   \
      "row were shifted by different amounts and the weights changed; use arma::max(S, 1), each row's maximum, "    \
      "with S.each_col() (chapter 03)")                                                                             \
    X(softmax_divided_by_max,                                                                                       \
      "each row was divided by its largest exponential instead of the sum of its exponentials, so the rows do not " \
      "sum to 1; divide by arma::sum(E, 1), the row sums (chapter 03)")                                             \
    X(scores_transposed,                                                                                            \
      "the scores are K Q^T, not Q K^T: row i must hold query i against every key (chapter 04, step 2)")           \
    X(scores_queries_by_queries,                                                                                    \
      "the scores were Q Q^T, the queries compared with each other; a score compares query i with key j: "          \
      "Q * K.t() (chapter 04, step 2)")                                                                             \
    X(weights_transposed,                                                                                           \
      "the output was A^T V: with A transposed, output row i mixes the values by how much attention key i "         \
      "received, not by how much query i paid; it is A * V, one row of A per query (chapter 04, step 5)")           \
    X(no_scaling,                                                                                                   \
      "the scores were not divided by sqrt(d_k), the width of a key: S / std::sqrt(double(K.n_cols)) "               \
      "(chapter 04, step 3; chapter 05 says why)")                        \
    X(scale_by_d_k,                                                                                                 \
      "the scores were divided by d_k; the divisor is sqrt(d_k), the typical size of a score: the std::sqrt was "   \
      "left out (chapter 05)")        \
    X(weights_instead_of_output,                                                                                    \
      "this is the weight matrix A (L_Q x L_K); the layer's output is A V (L_Q x d_v) (chapter 04, step 5)")       \
    X(projection_w_times_x,                                                                                         \
      "the product was W X; tokens are the rows of X, so each row x_i is multiplied by W on its right, "          \
      "which is X W (chapter 02)")                                                                                  \
    X(projection_transposed_weights,                                                                                \
      "W was transposed (X W^T); use W as it is stored, d_model rows in and d_out columns out, so the "           \
      "projection is X W (chapter 02)")                                                                             \
    X(scale_by_key_count,                                                                                           \
      "the scores were divided by the square root of the number of keys (K.n_rows); d_k is the width of one "     \
      "key, K.n_cols (chapter 04, step 3)")                                                                         \
    X(scale_by_sqrt_d_v,                                                                                            \
      "the scores were divided by sqrt(d_v), the width of the values (V.n_cols); the divisor is sqrt(d_k), the "    \
      "width of the queries and keys (K.n_cols), and the two differ as soon as values are narrower (chapter 06)")   \
    X(scale_multiplied,                                                                                             \
      "the scores were multiplied by sqrt(d_k) instead of divided by it: the scores grow with d_k instead of "       \
      "staying near 1, and softmax saturates (chapters 04 and 05)")                                                 \
    X(scale_by_sqrt_d_model,                                                                                        \
      "the scores were divided by sqrt(d_model), the width of X; the divisor is sqrt(d_k), the width of one key "  \
      "after W_k, and the two differ as soon as the projection narrows X (chapter 05)")                             \
    X(mask_after_softmax,                                                                                           \
      "the mask was applied after the softmax (the hidden weights set to 0 afterwards), so the visible weights no " \
      "longer sum to 1: add the mask to the scores (in attention, the scaled scores) and only then call "           \
      "softmax_rows (chapters 03 and 07)")                                                 \
    X(mask_with_zero,                                                                                               \
      "forbidden scores were set to 0, but e^0 = 1 still gives those keys weight; a forbidden score must be "      \
      "-infinity, whose weight is exactly 0. In C++ this is S % (mask == 0) or .replace(-inf, 0): add the mask "    \
      "itself, S + mask (chapters 03 and 07)")                                                          \
    X(mask_multiplied,                                                                                              \
      "the mask was multiplied into the scores (S % mask) instead of added (S + mask): every allowed score became " \
      "0, so the visible keys all weigh the same, and a score times -infinity is -inf, +inf or NaN by its sign "     \
      "(chapters 03 and 07)")                                                                              \
    X(causal_mask_hides_diagonal,                                                                                   \
      "the diagonal was masked too; token i may always look at itself, so only keys j > i get -infinity "          \
      "(chapter 07)")                                                                                               \
    X(causal_mask_shows_next,                                                                                       \
      "the key right after each query (j = i + 1) was left visible; every j > i lies in the future and gets "      \
      "-infinity (chapter 07)")                                                                                     \
    X(causal_mask_wrong_triangle,                                                                                   \
      "the wrong triangle was hidden: -infinity went below the diagonal (j < i, the past) instead of above it "     \
      "(j > i, the future); row i must see keys 0 .. i (chapter 07)")                                               \
    X(mask_large_finite_value,                                                                                      \
      "forbidden keys got a large finite number (such as -1e9) instead of -infinity: nearly right, but their "      \
      "weights are tiny instead of exactly 0, and a row whose every key is forbidden would spread its weight "       \
      "evenly instead of getting zeros; use -arma::datum::inf (chapters 03 and 07)")                                        \
    X(mask_zero_one_pattern,                                                                                        \
      "the mask held 1 and 0 (allowed and forbidden) instead of 0 and -infinity: a mask is added to the scores, "   \
      "so a key that may be seen gets 0 and a forbidden one -infinity (chapter 07)")                                \
    X(mask_added_to_weights,                                                                                        \
      "the mask was added to the weights after the softmax; a weight plus -infinity is -infinity, so the output "  \
      "fills with -inf and NaN: add the mask to the scores before softmax_rows (chapters 03 and 07)")                \
    X(projection_role_swapped,                                                                                      \
      "a projection used another role's weight matrix (queries from W_k, or keys from W_q): each role has its "     \
      "own, Q = X W_q, K = X W_k and V = X W_v, and that is what lets a word ask for something other than what "     \
      "it offers (chapters 02 and 07)")                                                                              \
    X(scores_from_unprojected_x,                                                                                    \
      "the scores were X X^T, the raw rows compared with each other; a score is q_i . k_j, with Q = X W_q and "    \
      "K = X W_k, two different projections (chapters 02 and 07)")                                                 \
    X(cross_attention_roles_swapped,                                                                                \
      "the queries came from the encoder and the keys and values from the decoder; the decoder asks "              \
      "(Q = X_dec W_q) and the encoder answers (K and V from H_enc), one output row per decoder token "           \
      "(chapter 07)")                                                                                               \
    X(extra_rule_l_q_equals_l_k,                                                                                    \
      "fewer queries than keys were refused, but L_Q is free (7 decoder queries may read 12 source keys); the "    \
      "only rules are d_q = d_k and L_K = L_V (chapter 06)")                                                        \
    X(extra_rule_d_v_equals_d_k,                                                                                    \
      "values narrower than the keys were refused, but d_v and d_k never meet in one product; the only rules are " \
      "d_q = d_k and L_K = L_V (chapter 06)")                                                                       \
    X(qkv_weights_mixed_up,                                                                                         \
      "a projection used another role's weight matrix; Q, K and V each have their own: X W_q, X W_k and X W_v "    \
      "(chapter 02)")                                                                                               \
    X(output_width_d_k,                                                                                             \
      "the output was given the width d_k; the output is A V, so its width comes from V: L_Q x d_v (chapter 06)")  \
    /* issue 14, chapters 01-07: more natural wrong answers named */                                              \
    X(masked_row_gives_nan,                                                                                         \
      "the row whose every key is hidden came out as NaN: its maximum is -infinity, and -inf - (-inf) is NaN; a "    \
      "query that may see nothing attends to nothing and gets a row of zeros. softmax_rows has that rule: call it, " \
      "or give such a row zeros in your own loop (chapters 03 and 07)")                                              \
    X(mask_transposed,                                                                                              \
      "the mask was transposed: mask(i, j) is about query i (row) and key j (column), like the scores, so it is "   \
      "added as it is, S + mask; with mask.t() the causal mask hides the past instead of the future (chapter 07)")   \
    X(mask_ignored,                                                                                                 \
      "the mask was not used at all: every key got weight, the hidden ones too; add it to the scores before the "   \
      "softmax, S + mask (chapters 03 and 07)")                                                                     \
    X(shape_check_missing,                                                                                          \
      "shapes that break a rule were not refused with attn::ShapeError: Armadillo's own std::logic_error escaped " \
      "(such as 'matrix multiplication: incompatible matrix dimensions'). Check the shapes first, with "             \
      "require_shapes (src/core/errors.hpp), so the error names the function, the rule and both shapes "            \
      "(chapters 01-07)")                                              \
    X(input_check_missing,                                                                                          \
      "bad input (NaN, +infinity or a size of 0) was not refused by this function itself: nothing was thrown, or " \
      "a function called later refused it under its own name. Check it where it comes in, with require_finite or " \
      "by throwing attn::InputError naming this function (chapters 01-07)")                                        \
    X(rnn_input_weight_not_transposed,                                                                              \
      "the input was multiplied by U itself (x_t * U): in row form the step is h_t = tanh(h_{t-1} W^T + x_t U^T), " \
      "so it is x_t * U.t() (chapter 01, step 1)")                                                                 \
    X(rnn_rows_off_by_one,                                                                                          \
      "the rows of H are off by one: row t must hold h_t, the state right after reading x_t, so row 0 is "          \
      "rnn_step(h_start, x_0), not h_start; record h after each step, and start the loop at t = 0 (chapter 01)")    \
    X(projection_output_transposed,                                                                                 \
      "the projection came out transposed, d_out x L (W^T X^T, column-vector thinking); tokens are rows, so it is " \
      "X * W, L x d_out, one row per token (chapter 02)")                                                          \
    /* chapter 08: positional encoding */                                                                         \
    X(pe_sine_cosine_swapped,                                                                                       \
      "sine and cosine were swapped: the even columns 2i take sin(p w_i) and the odd columns 2i+1 take "            \
      "cos(p w_i), so row 0 is 0, 1, 0, 1, ...; check which branch of c % 2 == 0 calls std::sin (chapter 08)")      \
    X(pe_frequency_per_column,                                                                                      \
      "every column got a frequency of its own: columns 2i and 2i+1 are ONE pair and share 1 / 10000^(2i / "         \
      "d_model), so the exponent uses c - c % 2, not c; with c, a pair is no longer a point on a circle (chapter 08)") \
    X(pe_table_transposed,                                                                                          \
      "the table came out d_model x L, dimensions down and positions across; rows are positions, so "               \
      "arma::mat PE(length, d_model) and PE(p, c) (chapter 08)")                                                    \
    X(pe_exponent_without_d_model,                                                                                  \
      "the exponent was 2i instead of 2i / d_model: 10000^(2i) makes every pair after the first turn so slowly "     \
      "that it reads 0 and 1 at every position; the exponent is 2i / d_model (chapter 08)")                       \
    X(pe_integer_exponent,                                                                                          \
      "2i / d_model was computed in whole numbers, which gives 0 for every pair, so every column turned at "         \
      "frequency 1; cast to double before dividing: static_cast<double>(c - c % 2) / d_model (chapter 08)")        \
    X(pe_positions_from_one,                                                                                        \
      "positions were counted from 1: the first row is position 0, whose angles are all 0, so row 0 is 0, 1, 0, "   \
      "1, ...; use p, not p + 1 (chapter 08)")                                                                      \
    X(add_positions_replaces_x,                                                                                     \
      "the result was the position codes alone: X was replaced instead of added to, so the words are lost; "        \
      "the result is X + PE.head_rows(L), its first L rows (chapter 08)")                                              \
    X(add_positions_off_by_one,                                                                                     \
      "row p of X got the code of position p + 1 (PE.rows(1, L)): the first word sits at position 0 and gets "       \
      "row 0 of PE, so take its first L rows, PE.head_rows(L) (chapter 08)")                                         \
    X(add_positions_concatenated,                                                                                   \
      "X and PE were put side by side (2 d_model wide): the codes are added entry by entry, so the result stays "   \
      "L x d_model and W_q, W_k, W_v still fit it (chapter 08)")                                                    \
    X(similarity_over_columns,                                                                                      \
      "the dot products were taken between columns (PE.col(p) against every column); a position is a ROW of PE, "   \
      "so entry j is PE.row(p) . PE.row(j), one entry per position: PE.row(p) * PE.t() (chapter 08)")               \
    X(similarity_cosine,                                                                                            \
      "each dot product was divided by the two rows' lengths (a cosine similarity); the exercise asks for the "    \
      "plain dot product PE.row(p) . PE.row(j), whose largest value is d_model / 2 (chapter 08)")                    \
    X(pe_exponent_without_two, \
      "the exponent was i / d_model, the pair's number over d_model: columns 2i and 2i+1 turn at 1 / " \
      "10000^(2i / d_model), so with the pair index i (c / 2) the exponent is 2.0 * i / d_model, or with " \
      "the column c it is (c - c % 2) / d_model (chapter 08)") \
    X(pe_frequency_inverted, \
      "the position was multiplied by 10000^(2i / d_model) instead of divided by it: the angle is p / " \
      "10000^(2i / d_model), so the later pairs turn more and more slowly (wavelengths from 2 pi up to " \
      "10000 * 2 pi); write p / std::pow(10000.0, ...) (chapter 08)") \
    X(pe_odd_last_column_missing, \
      "with an odd d_model the last column stayed 0: it is the sine of one more pair, sin(p / " \
      "10000^((d_model - 1) / d_model)), without its cosine; a loop over whole pairs (2 * i + 1 < d_model) " \
      "stops one column early, so loop while 2 * i < d_model and write the cosine only when 2 * i + 1 < " \
      "d_model (chapter 08)") \
    X(add_positions_whole_table, \
      "the whole table PE was added to X: PE may be longer than the sentence (one table made for the " \
      "longest), so only its first L rows belong to X's L tokens: X + PE.rows(0, X.n_rows - 1); Armadillo " \
      "refuses X + PE when the two shapes differ (chapter 08)") \
    X(add_positions_empty_sentence, \
      "an empty X (0 tokens) broke the function: PE.rows(0, X.n_rows - 1) with X.n_rows = 0 asks for row 0 " \
      "- 1, which an unsigned arma::uword turns into the largest index there is; return X (0 x d_model) " \
      "before taking any rows (chapter 08)") \
    X(span_end_inclusive, \
      "a block of rows or columns came out one too wide: Armadillo's M.rows(a, b) and M.cols(a, b) include " \
      "b itself, so w columns starting at a are M.cols(a, a + w - 1) and the first L rows are M.rows(0, L - " \
      "1); with a + w Armadillo refuses the shapes or runs past the end (chapters 08 and 09)") \
    X(shape_check_left_to_armadillo, \
      "an attn error was expected for input that breaks the contract, but Armadillo's own error escaped (a " \
      "std::logic_error about incompatible dimensions, or an index out of bounds): check the input first, " \
      "before any product, sum or slice, and throw the course's error naming the rule and both shapes " \
      "(require_shapes for shapes, attn::InputError for the rest) (chapter 06's rule, in every chapter)") \
    X(shape_rule_not_checked, \
      "a shape that breaks the function's rule was accepted without a ShapeError: the code ran on and " \
      "returned something (Armadillo does not notice every bad shape, for example a width that does not " \
      "divide evenly, since integer division just rounds down); check the rule first with require_shapes " \
      "(chapter 06's rule, in every chapter)") \
    X(bad_input_accepted, \
      "an input the contract refuses was accepted without an attn::InputError (a step t below 1, a step " \
      "size h that is not positive and finite, a position past the end, ...): check it first and throw " \
      "attn::InputError saying what is wrong, so that a caller's mistake cannot turn into silent nonsense " \
      "(every chapter)") \
    X(similarity_as_column, \
      "the result came out as a column, PE * PE.row(p).t() (L x 1), which an arma::rowvec cannot hold; the " \
      "exercise returns a row, 1 x L: PE.row(p) * PE.t(), one entry per position (chapter 08)") \
    X(similarity_distance_not_dot, \
      "the entries are squared distances |PE(p) - PE(j)|^2, which are 0 at j = p and grow with the " \
      "distance; the exercise asks for the dot product PE.row(p) . PE.row(j), largest (d_model / 2) at j = " \
      "p: PE.row(p) * PE.t() (chapter 08)") \
    /* chapter 09: multi-head attention */                                                                          \
    X(head_scale_by_sqrt_d_model,                                                                                   \
      "each head divided its scores by sqrt(d_model), the width of all the heads together; a head's score "         \
      "is a dot product of its own d_k = d_model / h columns, so its typical size is sqrt(d_k), and that is "       \
      "the divisor. With sqrt(d_model) every head's weights come out too flat. Call "                               \
      "scaled_dot_product_attention on each head's slices, which divides by sqrt(K_i.n_cols), instead of "          \
      "scaling the whole Q once (chapter 09)")                                                                      \
    X(heads_interleaved_columns,                                                                                    \
      "the heads took every h-th column (column j went to head j % h); a head owns one contiguous block of "        \
      "d_k columns, head i the columns i*d_k .. (i+1)*d_k - 1, because W_q is the heads' own projections "          \
      "written side by side: M.cols(i * w, (i + 1) * w - 1) (chapter 09)")                                          \
    X(heads_split_by_rows,                                                                                          \
      "the matrix was cut into blocks of rows, so each head got some of the tokens with all their columns; "        \
      "every head sees every token and gets a slice of the features: cut the columns, M.cols(...), never "          \
      "M.rows(...) (chapter 09)")                                                                                   \
    X(heads_concat_reversed,                                                                                        \
      "the heads were put back in reverse order (the last head leftmost); head 0 goes in the first d_v "            \
      "columns, because W_o's first d_v rows are the ones that read head 0 (chapter 09)")                           \
    X(heads_output_projection_missing,                                                                              \
      "the output is the concatenation itself: W_o was left out. The heads' outputs side by side are L_Q x "        \
      "(h d_v); output = concat * W_o mixes them into one row of width d_model per token (chapter 09)")             \
    X(heads_one_softmax_over_all_heads,                                                                             \
      "one softmax ran over every head's scores together, so a query's weights sum to 1 over all the heads "        \
      "instead of within each head; every head is an attention of its own, with its own row softmax: one "          \
      "call of scaled_dot_product_attention per head (chapter 09)")                                                 \
    X(heads_slice_starts_at_head_index, \
      "head i started at column i instead of i * w, so the heads overlap and most columns are never used: " \
      "head i owns columns i * w .. (i + 1) * w - 1, M.cols(i * w, (i + 1) * w - 1) with w = M.n_cols / " \
      "heads (chapter 09)") \
    X(heads_concat_stacked_rows, \
      "the heads were stacked on top of each other (arma::join_cols, rows after rows) instead of side by " \
      "side: concat keeps one row per token and puts the heads' columns next to each other, L x (w_0 + ... " \
      "+ w_{h-1}), which is arma::join_rows (or out.cols(...) = part) (chapter 09)") \
    X(head_scale_by_total_width, \
      "each head divided its scores by sqrt(h d_k), the width of all the heads' queries together " \
      "(W_q.n_cols); a head's score is a dot product of its own d_k = W_q.n_cols / h columns, so the " \
      "divisor is sqrt(d_k) = sqrt(Q_i.n_cols), which scaled_dot_product_attention on each head's slices " \
      "uses (chapter 09)") \
    X(heads_mask_not_passed, \
      "the mask never reached the heads, so every query also read the keys it must not see: " \
      "multi_head_attention's one mask applies to every head, scaled_dot_product_attention(Q_i, K_i, V_i, " \
      "mask) (chapters 07 and 09)") \
    X(heads_keys_values_from_queries, \
      "the keys and values were projected from X_q instead of X_kv: in cross-attention the queries come " \
      "from one sequence (X_q W_q) and the keys and values from the other (X_kv W_k, X_kv W_v); in " \
      "self-attention the two are the same matrix, which is why this only shows with X_q != X_kv (chapters " \
      "07 and 09)") \
    /* chapter 10: transformer blocks */                                                                         \
    X(layer_norm_over_columns,                                                                                      \
      "each column was normalised down the tokens; layer norm works along each row, one token's own "               \
      "features: the mean and variance of row r are over its d_model columns. arma::mean(X) and "                   \
      "arma::var(X) work down the columns unless given the dimension 1, as in arma::mean(X, 1) (chapter 10)")       \
    X(layer_norm_sample_variance,                                                                                   \
      "the variance was divided by d_model - 1; layer norm uses the population variance, the plain mean of "        \
      "the squared deviations (divided by d_model). In Armadillo, arma::var and arma::stddev divide by n - "        \
      "1 unless norm_type is 1: arma::var(X, 1, 1) (chapter 10)")                                                   \
    X(layer_norm_eps_outside_sqrt,                                                                                  \
      "eps was added after the square root, (x - mean) / (sqrt(var) + eps); it belongs inside, (x - mean) / "       \
      "sqrt(var + eps), and inv_std is 1 / sqrt(var + eps) (chapter 10)")                                           \
    X(layer_norm_without_gain_bias,                                                                                 \
      "the output is xhat itself: gain and bias were left out. y = gain % xhat + bias, column c of every "          \
      "row times gain(c) plus bias(c), which in Armadillo is .each_row() %= gain, then .each_row() += bias "        \
      "(chapter 10)")                                                                                               \
    X(layer_norm_backward_without_mean_term,                                                                        \
      "dX lacks the term - mean(dxhat): every entry of a row moves the row's mean, which all of its entries "       \
      "subtract, so each row of dX must sum to 0 (chapter 10)")                                                     \
    X(layer_norm_backward_without_variance_term,                                                                    \
      "dX lacks the term - xhat % mean(dxhat % xhat): every entry of a row also moves the row's variance, "         \
      "which rescales all of its entries (chapter 10)")                                                             \
    X(layer_norm_backward_gain_left_out,                                                                            \
      "dX was computed from dY instead of dxhat = dY % gain: the forward pass multiplied xhat by gain, so "         \
      "the gradient on its way back is multiplied by gain too (dxhat.each_row() %= gain) (chapter 10)")             \
    X(feed_forward_without_relu,                                                                                    \
      "the relu is missing: the hidden layer is relu(X W_1 + b_1), its negative entries set to 0 "                  \
      "(H.clamp(0.0, arma::datum::inf)); without it the two products collapse into one linear map (chapter "        \
      "10)")                                                                                                        \
    X(feed_forward_relu_on_output,                                                                                  \
      "the relu was applied to the output instead of the hidden layer: the layer is relu(X W_1 + b_1) W_2 + "       \
      "b_2, and its output keeps its negative values (chapter 10)")                                                 \
    X(feed_forward_without_b1,                                                                                      \
      "b_1 was left out: the hidden layer is relu(X W_1 + b_1), with b_1 added to every row before the relu "       \
      "(.each_row() += b_1) (chapter 10)")                                                                          \
    X(block_residual_left_out,                                                                                      \
      "a sub-layer's input was not added back before its norm: each sub-layer is layer_norm(x + "                   \
      "sublayer(x)), for example layer_norm(X + att), not layer_norm(att); the residual keeps each token's "        \
      "own row and gives the gradient a path that skips the sub-layer (chapter 10)")                                \
    X(block_pre_norm,                                                                                               \
      "the norm came before the sub-layer (pre-norm, x + sublayer(layer_norm(x))); this course's blocks are "       \
      "post-norm, as in the 2017 paper: layer_norm(x + sublayer(x)), the sum first, then the norm (chapter "        \
      "10)")                                                                                                        \
    X(encoder_masked_self_attention,                                                                                \
      "the encoder's self-attention was given the causal mask; the encoder reads the whole source at once, "        \
      "so every token may look at every other. Only the decoder's self-attention is causal (chapter 10)")           \
    X(decoder_without_causal_mask,                                                                                  \
      "the decoder's self-attention had no mask, so each row also read the tokens after it; pass "                  \
      "causal_mask(Y.n_rows) to the first multi_head_attention (chapters 07 and 10)")                               \
    X(decoder_cross_reads_decoder,                                                                                  \
      "the cross-attention took its keys and values from the decoder's own rows instead of H_enc: it is "           \
      "multi_head_attention(H1, H_enc, ...), queries from the decoder, keys and values from the encoder "           \
      "(chapters 07 and 10)")                                                                                       \
    X(layer_norm_without_eps, \
      "eps was left out: xhat = (x - mean) / sqrt(var + eps), and without eps a row whose entries are all " \
      "equal (variance 0) becomes 0 / 0 = NaN; inv_std is 1 / sqrt(var + eps) (chapter 10)") \
    X(layer_norm_without_sqrt, \
      "the rows were divided by var + eps instead of its square root: the standard deviation is sqrt(var + " \
      "eps), so inv_std = 1 / arma::sqrt(var + eps) and each row ends with variance about 1 (chapter 10)") \
    X(layer_norm_gain_bias_swapped, \
      "gain and bias were swapped: y = gain % xhat + bias, the gain multiplies xhat and the bias is added " \
      "after it (chapter 10)") \
    X(layer_norm_inv_std_not_inverted, \
      "inv_std holds sqrt(var + eps), the standard deviation itself; it is kept as its inverse, 1 / " \
      "sqrt(var + eps), which is what xhat multiplies by and what the backward pass expects (chapter 10)") \
    X(layer_norm_backward_param_grads_over_features, \
      "dgain and dbias were summed along each row (over the features) instead of down each column (over the " \
      "tokens): gain(c) multiplies column c of every row, so its gradient adds up column c, arma::sum(dY % " \
      "xhat, 0) and arma::sum(dY, 0), 1 x d_model (chapter 10)") \
    X(layer_norm_backward_without_inv_std, \
      "dX lacks the factor inv_std: forward was xhat = (x - mean) * inv_std, so every entry of row r's " \
      "gradient is multiplied by inv_std(r) on its way back (dX.each_col() %= inv_std) (chapter 10)") \
    X(layer_norm_backward_sum_not_mean, \
      "the two subtracted terms used sums instead of means: dX_r = inv_std_r (dxhat_r - mean(dxhat_r) - " \
      "xhat_r mean(dxhat_r % xhat_r)), each mean over the row's d_model entries, so divide the row sums by " \
      "d_model (chapter 10)") \
    X(layer_norm_backward_mean_over_columns, \
      "the means in dX were taken down the columns (over the tokens); layer norm worked along each row, so " \
      "mean(dxhat_r) and mean(dxhat_r % xhat_r) are over row r's own entries. arma::mean(M) and " \
      "arma::sum(M) work down the columns: use arma::mean(M, 1) with .each_col() (chapter 10)") \
    X(feed_forward_without_b2, \
      "b_2 was left out: the layer is relu(X W_1 + b_1) W_2 + b_2, with b_2 added to every output row " \
      "(.each_row() += b_2) (chapter 10)") \
    X(feed_forward_relu_before_bias, \
      "the relu came before b_1 was added: the hidden layer is relu(X W_1 + b_1), the bias first, then the " \
      "relu (chapter 10)") \
    X(feed_forward_hidden_before_relu, \
      "H was kept before the relu: the layer keeps H = relu(X W_1 + b_1), the hidden layer after the relu, " \
      "which is what y = H W_2 + b_2 reads and what the backward pass needs (chapter 10)") \
    X(layer_norm_backward_dbias_times_xhat, \
      "dbias came out as dgain, the column sums of dY % xhat; forward was y = gain % xhat + bias, and the bias " \
      "enters without xhat, so dbias is the column sums of dY alone: arma::sum(dY, 0) (chapter 10)") \
    X(bias_added_without_each_row, \
      "a bias row (1 x width) was added to a whole matrix with +, which Armadillo refuses (incompatible " \
      "dimensions): a bias is added to every row, M.each_row() += b (chapter 10)") \
    X(block_residual_after_norm, \
      "the input was added after the norm, x + layer_norm(sublayer(x)); a post-norm block adds first and " \
      "normalises the sum, layer_norm(x + sublayer(x)), so its output rows have mean bias and spread gain " \
      "(chapter 10)") \
    X(block_ff_reads_block_input, \
      "the feed-forward layer read the block's input (or an earlier sub-layer's output) instead of the " \
      "sub-layer just before it: each sub-layer works on the previous one's result, feed_forward(H) after " \
      "the attention(s), not feed_forward(X) (chapter 10)") \
    X(block_norm_weights_reused, \
      "one norm's gain and bias were used for another: each sub-layer has its own layer norm (norm1 after " \
      "the self-attention, norm2 after the next sub-layer, norm3 in the decoder), so use w.norm2 and " \
      "w.norm3 where they belong (chapter 10)") \
    X(decoder_cross_uses_self_weights, \
      "the cross-attention used the self-attention's weights (w.self); it has its own, w.cross: " \
      "multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads) (chapter 10)") \
    X(decoder_cross_attention_masked, \
      "the causal mask was also given to the cross-attention: only the decoder's self-attention hides the " \
      "future; every decoder token may read every encoder token, so the cross-attention takes no mask (and " \
      "an L_dec x L_dec mask does not fit its L_dec x L_enc scores) (chapters 07 and 10)") \
    /* chapter 11: training (the loss, backward passes, gradient checks, Adam, the schedule) */                     \
    X(softmax_backward_without_subtraction,                                                                         \
      "dS came out as A % dA: the term -(A_i . dA_i) is missing; every weight shares one budget, so raising one "   \
      "lowers the others, and that is what the subtraction says (chapter 11)")                                      \
    X(softmax_backward_sums_columns,                                                                                \
      "the dot products A . dA were taken down the columns; softmax_rows normalised each row, so each row of dS "   \
      "needs its own row's dot product, arma::sum(A % dA, 1) (chapter 11)")                                         \
    X(softmax_backward_missing_weights,                                                                             \
      "the last multiplication by A was left out: dS = A % (dA - rowsum(A % dA)), the Jacobian of softmax times "   \
      "dA, row by row; without the leading A % each row gets dA minus its weighted mean (chapter 11)")              \
    X(attention_backward_skips_softmax,                                                                             \
      "the backward pass went from dA straight to the scores (dS = dA / sqrt(d_k)): softmax sits between them, "    \
      "so dS = softmax_rows_backward(A, dA) / sqrt(d_k) (forward was: A = softmax_rows(S)) (chapter 11)")           \
    X(attention_backward_scale_by_d_k,                                                                              \
      "dS was divided by d_k: the forward pass divided the scores by sqrt(d_k), so the backward pass divides "      \
      "by sqrt(d_k) too (chapter 11)")                                                                              \
    X(attention_backward_missing_scale,                                                                             \
      "dQ and dK are sqrt(d_k) times too large: the forward pass divided the scores by sqrt(d_k), so their "        \
      "gradient is divided by it too (chapter 11)")                                                                 \
    X(attention_backward_dv_untransposed,                                                                           \
      "dV was computed as A dZ; from Z = A V the gradient at V is A^T dZ, one row per key (chapter 11)")            \
    X(attention_backward_dk_untransposed,                                                                           \
      "dK was computed as dS Q; from S = Q K^T the gradient at K is dS^T Q, one row per key (chapter 11)")          \
    X(cross_entropy_summed_over_rows,                                                                               \
      "the loss and its gradient are T times too large: they were summed over the rows; cross-entropy is the "      \
      "MEAN over the T rows, so divide the total loss by T and every row of dlogits by T too (chapter 11, "         \
      "'The loss')")                                                                                                \
    X(cross_entropy_gradient_not_averaged,                                                                          \
      "the loss is right but dlogits is T times too large: the loss was divided by T, its gradient was not; "       \
      "each row's gradient is (softmax(z) - onehot(t)) / T, since every row's loss entered the mean with weight"    \
      " 1/T (chapter 11)")                                                                                          \
    X(cross_entropy_without_shift,                                                                                  \
      "large logits gave NaN: exp(z) overflowed to inf before the division (inf / inf is NaN); subtract each "      \
      "row's maximum first, log sum exp(z) = m + log sum exp(z - m), which no exp can overflow (chapters 03 and"    \
      " 11, step 2)")                                                                                               \
    X(cross_entropy_log_of_softmax,                                                                                 \
      "the loss became inf where the target's probability is tiny: the softmax was computed and then its log, "     \
      "and a probability below about 1e-308 is stored as 0, whose log is -inf; compute -log p_t = m + log sum "     \
      "exp(z - m) - z_t straight from the logits, never through p (chapter 11, step 2)")                            \
    X(cross_entropy_gradient_without_onehot,                                                                        \
      "dlogits is softmax(z) / T without the one-hot: the target's entry must be p_t - 1, so subtract 1 at "        \
      "column targets[r] of each row (then every row of the gradient sums to 0) (chapter 11, step 1)")              \
    X(numeric_gradient_one_sided,                                                                                   \
      "the difference was one-sided, (f(W + h e_i) - f(W)) / h, whose error shrinks only like h; the central "      \
      "difference (f(W + h e_i) - f(W - h e_i)) / 2h cancels the h^2 term and errs like h^2 (chapter 11, step "     \
      "3)")                                                                                                         \
    X(numeric_gradient_entry_not_restored,                                                                          \
      "an entry was not put back after its two evaluations, so every later entry was measured at a point where "    \
      "the earlier ones had moved by -h: set the entry back to W(i) before moving the next one (chapter 11, "       \
      "step 3)")                                                                                                    \
    X(numeric_gradient_missing_half,                                                                                \
      "the gradient is twice too large: f(W + h e_i) - f(W - h e_i) spans a step of 2h, so divide by 2 * h, not"    \
      " by h; write the brackets, (up - down) / (2 * h), since (up - down) / 2 * h would multiply by h "            \
      "(chapter 11, step 3)")                                                                                       \
    X(adam_without_bias_correction,                                                                                 \
      "the bias correction is missing: m and v start at 0, so early on they are too small by the factors 1 - "      \
      "beta1^t and 1 - beta2^t; divide by them before the step (the first step then moves each entry by about "     \
      "the learning rate) (chapter 11, step 5)")                                                                    \
    X(adam_bias_correction_without_power,                                                                           \
      "the corrections used 1 - beta instead of 1 - beta^t: right at t = 1 only; the factor is the total weight"    \
      " the running average has gathered after t steps, std::pow(beta1, t) (chapter 11, step 5)")                   \
    X(adam_epsilon_inside_sqrt,                                                                                     \
      "epsilon went inside the square root, sqrt(v_hat + epsilon); Adam adds it after: sqrt(v_hat) + epsilon, "     \
      "so with a large epsilon the steps came out far too small (chapter 11, step 5)")                              \
    X(adam_missing_sqrt,                                                                                            \
      "the step was divided by v_hat (the mean square of the gradient) instead of its square root: the update "     \
      "then scales like 1 / g instead of staying about the learning rate; use std::sqrt(v_hat) + epsilon "          \
      "(chapter 11, step 5)")                                                                                       \
    X(learning_rate_max_instead_of_min,                                                                             \
      "the schedule took the larger of t / warmup and sqrt(warmup / t): it starts huge and never goes below the"    \
      " peak; the smaller one (std::min) is the warm-up before the peak and the decay after it (chapter 11, "       \
      "step 6)")                                                                                                    \
    X(learning_rate_warmup_without_decay,                                                                           \
      "after the warm-up the rate stayed at the peak: the 2017 schedule goes on with peak * sqrt(warmup / t), "     \
      "down with the inverse square root of the step (chapter 11, step 6)")                                         \
    X(learning_rate_counts_from_zero,                                                                               \
      "the schedule is one step late: it used t - 1, so the first step got a rate of 0 and the peak came at "       \
      "warmup + 1; t is already 1 on the first step (chapter 11, step 6)")                                          \
    X(learning_rate_integer_division,                                                                               \
      "t / warmup was an integer division (both are long), which is 0 for every t below the warm-up and so is "     \
      "sqrt(warmup / t) after it: convert to double before dividing (chapter 11, step 6)")                          \
    X(softmax_backward_whole_matrix_dot, \
      "one dot product of the whole matrices (arma::dot(A, dA) or accu(A % dA)) was subtracted from every " \
      "row; each row of softmax_rows has its own budget, so row i subtracts its own A_i . dA_i: arma::sum(A " \
      "% dA, 1) with .each_col() (chapter 11)") \
    X(softmax_backward_diagonal_only, \
      "only the diagonal of the softmax Jacobian was used, A % (1 - A) % dA: raising one score also lowers " \
      "every other weight of its row (J = diag(A_i) - A_i^T A_i), so dS_i = A_i % (dA_i - A_i . dA_i) " \
      "(chapter 11)") \
    X(attention_backward_scale_by_sqrt_d_v, \
      "dS was divided by sqrt(d_v) (V.n_cols); the forward pass divided the scores by sqrt(d_k), the width " \
      "of the queries and keys (K.n_cols), so the backward pass divides by sqrt(d_k) too (chapter 11)") \
    X(attention_backward_scale_on_one_side, \
      "the 1 / sqrt(d_k) reached only one of dQ and dK: forward was S = Q K^T / sqrt(d_k), so both dQ = dS " \
      "K and dK = dS^T Q carry it; divide dS once, before both products (chapter 11)") \
    X(cross_entropy_shift_not_added_back, \
      "the loss is too small by the row maximum m: with the shift, log sum_j exp(z_j) = m + log sum_j " \
      "exp(z_j - m), so -log p_t = m + log sum exp(z - m) - z_t; the m taken out must be added back " \
      "(chapter 11, step 2)") \
    X(cross_entropy_divided_by_entries, \
      "the loss and its gradient were divided by every entry of the logits (T n) instead of the T rows: " \
      "cross-entropy is the mean over the tokens of each row's loss, so divide by logits.n_rows (chapter " \
      "11, step 1)") \
    X(numeric_gradient_operator_precedence, \
      "the difference was divided by 2 and then multiplied by h: in C++ (up - down) / 2 * h means ((up - " \
      "down) / 2) * h; the central difference divides by the whole step, (up - down) / (2 * h) (chapter 11, " \
      "step 3)") \
    X(adam_bias_correction_t_minus_one, \
      "the corrections used beta^(t - 1): on the first step 1 - beta^0 = 0 and the division gives inf and " \
      "NaN; after t steps starting from 0 the running averages have gathered the weight 1 - beta^t, with t " \
      "= 1 on the first step (chapter 11, step 5)") \
    X(adam_v_without_square, \
      "v averaged the gradient instead of its square: v = beta2 v + (1 - beta2) g^2, the running mean of g " \
      "* g, whose square root is the gradient's typical size (without the square it goes negative and its " \
      "square root is NaN) (chapter 11, step 5)") \
    X(adam_step_ascends, \
      "W moved up the gradient (W += ...): the update goes against the gradient to lower the loss, W -= lr " \
      "m_hat / (sqrt(v_hat) + epsilon) (chapter 11, step 5)") \
    X(adam_v_not_corrected, \
      "v was not bias-corrected: like m it starts at 0, so it is divided by 1 - beta2^t before its square " \
      "root, v_hat = v / (1 - beta2^t); without that the early steps come out too large (chapter 11, step " \
      "5)") \
    X(adam_mean_without_one_minus_beta, \
      "the new gradient entered m with weight 1 instead of 1 - beta1: m = beta1 m + (1 - beta1) g is a " \
      "running mean; without the factor m grows about ten times too large (chapter 11, step 5)") \
    X(learning_rate_decay_inverted, \
      "after the warm-up the rate grew: the decay is peak * sqrt(warmup / t), which falls as t grows; " \
      "sqrt(t / warmup) is its inverse (chapter 11, step 6)") \
    X(learning_rate_decay_without_warmup, \
      "the decay was peak / sqrt(t), without the warm-up length: scaled to peak at the end of the warm-up, " \
      "the 2017 schedule decays as peak * sqrt(warmup / t), so that both branches meet at t = warmup " \
      "(chapter 11, step 6)") \
    /* chapter 12: teacher_forcing, greedy_decode, beam_search */                                                  \
    X(greedy_keeps_begin_token,                                                                                     \
      "the answer starts with the begin token; it only starts the decoder, so drop it from what you return "        \
      "(chapter 12)")                                                                                               \
    X(greedy_keeps_end_token,                                                                                       \
      "the answer ends with the end token; it only says 'stop', so stop before appending it (chapter 12)")          \
    X(greedy_runs_past_end_token,                                                                                   \
      "decoding went on after the end token until max_len; stop as soon as the best token is `end` (chapter 12)")   \
    X(greedy_stops_one_early,                                                                                       \
      "decoding stopped one token short of max_len: the prefix also holds the begin token, so the loop goes on "    \
      "while prefix.size() - 1 < max_len, max_len tokens of answer (chapter 12)")                                   \
    X(greedy_one_token_too_many,                                                                                    \
      "decoding produced max_len + 1 tokens: max_len is the most the answer may hold, begin token not counted "     \
      "(chapter 12)")                                                                                                \
    X(greedy_prefix_not_extended,                                                                                   \
      "next_scores was shown {begin} on every call: append each chosen token to the prefix, so the next call "      \
      "sees everything produced so far (chapter 12)")                                                               \
    X(teacher_forcing_shifted_wrong_way,                                                                            \
      "the shift went the wrong way: the decoder read the target followed by the end token and was asked for the "  \
      "begin token first; it reads begin, y_1 .. y_n and must say y_1 .. y_n, end (chapter 12)")                     \
    X(teacher_forcing_begin_missing,                                                                                \
      "the decoder input has no begin token: it must start with begin, so that position 0 has something to read "   \
      "before it says y_1; push_back(begin) before the target (chapter 12)")                                       \
    X(teacher_forcing_end_missing,                                                                                  \
      "the expected tokens have no end token: the last position must learn to say end, or the trained model "       \
      "never stops; push_back(end) after the target (chapter 12)")                                                  \
    X(teacher_forcing_not_shifted,                                                                                  \
      "the expected tokens are the decoder input itself: position i would only copy what it reads; it must say "    \
      "the NEXT token, so expected is the input shifted left by one, with end at the end (chapter 12)")             \
    X(beam_sums_raw_scores,                                                                                         \
      "the beam added up raw scores: next_scores gives logits, and logits of different prefixes are not on one "    \
      "scale; add log softmax(scores)[token], s_j - log sum exp(s) (chapter 12)")                                   \
    X(beam_keeps_finished_hypotheses,                                                                               \
      "a prefix that chose the end token stayed in the beam and went on growing; an extension by end is "           \
      "finished: set it aside as a candidate answer and keep only unfinished prefixes in the beam (chapter 12)")    \
    X(beam_stops_at_first_finished,                                                                                 \
      "the search stopped at the first prefix that finished; a live prefix that still scores better may end "       \
      "better later: stop only when no live prefix beats the best finished one (chapter 12)")                       \
    /* more entries go above this line */

#define ATTN_DECLARE_MISTAKE(id, text) inline constexpr Mistake id{#id, text};
namespace mistakes {
ATTN_MISTAKES(ATTN_DECLARE_MISTAKE)
}  // namespace mistakes
#undef ATTN_DECLARE_MISTAKE

// Fails the current test with the mistake's id and explanation.
inline void report(const Mistake& m) { BOOST_ERROR("mistake [" << m.id << "]: " << m.explanation); }

// True when a and b have the same shape and agree within tol everywhere
// (NaN never agrees): "the learner's output is what this wrong version gives".
inline bool same(const arma::mat& a, const arma::mat& b, double tol = 1e-9) {
    return a.n_rows == b.n_rows && a.n_cols == b.n_cols && a.is_finite() && b.is_finite() &&
           (a.n_elem == 0 || arma::abs(a - b).max() <= tol);
}

}  // namespace attn_test
