// 08_positional_encoding.hpp: the mistakes first met in chapter 08 (positional_encoding), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(pe_sine_cosine_swapped, "positional_encoding",
             "sine and cosine were swapped: the even columns 2i take sin(p w_i) and the odd "
             "columns 2i+1 take cos(p w_i), so row 0 is 0, 1, 0, 1, ...; check which branch of c "
             "% 2 == 0 calls std::sin (chapter 08)");
ATTN_MISTAKE(pe_frequency_per_column, "positional_encoding",
             "every column got a frequency of its own: the exponent was built from the column c "
             "itself (c / d_model, 2c / d_model, or (c + c % 2) / d_model, which gives a cosine "
             "column the next pair's frequency), but columns 2i and 2i+1 are ONE pair and "
             "share 1 / 10000^(2i / d_model): with the column c the exponent is (c - c % 2) / "
             "d_model, with the pair i = c / 2 it is 2.0 * i / d_model; otherwise a pair is no "
             "longer a point on a circle (chapter 08)");
ATTN_MISTAKE(pe_table_transposed, "positional_encoding",
             "the table came out d_model x L, dimensions down and positions across; rows are "
             "positions, so arma::mat PE(length, d_model) and PE(p, c) (chapter 08)");
ATTN_MISTAKE(pe_exponent_without_d_model, "positional_encoding",
             "the exponent was 2i instead of 2i / d_model: 10000^(2i) makes every pair after the "
             "first turn so slowly that it reads 0 and 1 at every position; the exponent is 2i / "
             "d_model (chapter 08)");
ATTN_MISTAKE(pe_integer_exponent, "positional_encoding",
             "2i / d_model was computed in whole numbers, which gives 0 for every pair, so every "
             "column turned at frequency 1; cast to double before dividing: static_cast<double>(c "
             "- c % 2) / d_model (chapter 08)");
ATTN_MISTAKE(pe_positions_from_one, "positional_encoding",
             "positions were counted from 1: the first row is position 0, whose angles are all 0, "
             "so row 0 is 0, 1, 0, 1, ...; use p, not p + 1 (chapter 08)");
ATTN_MISTAKE(add_positions_replaces_x, "add_positions",
             "the result was the position codes alone: X was replaced instead of added to, so the "
             "words are lost; the result is X + PE.head_rows(L), its first L rows (chapter 08)");
ATTN_MISTAKE(add_positions_off_by_one, "add_positions",
             "row p of X got the code of position p + 1 (PE.rows(1, L)): the first word sits at "
             "position 0 and gets row 0 of PE, so take its first L rows, PE.head_rows(L) (chapter "
             "08)");
ATTN_MISTAKE(add_positions_loop_one_short, "add_positions",
             "a loop over the positions skipped one (p + 1 < L or p < L - 1 stops before the last "
             "token, p = 1 starts after the first), so that token kept its embedding without its "
             "code: every row p = 0 .. L - 1 gets PE.row(p), for (p = 0; p < X.n_rows; ++p), or "
             "X + PE.head_rows(X.n_rows) (chapter 08)");
ATTN_MISTAKE(add_positions_rule_text_of_the_other_rule, "add_positions",
             "the refusal gave the other rule's words ({}), as a require_shapes line copied from "
             "the other check does: each check passes its own rule, \"PE must be as wide as X "
             "(d_model)\" for the width and \"PE needs a row for every position of X (L_max >= "
             "L)\" for the length (chapter 08)");
ATTN_MISTAKE(add_positions_concatenated, "add_positions",
             "X and PE were put side by side (2 d_model wide, arma::join_rows) or one above the "
             "other (2L rows, arma::join_cols): the codes are added entry by entry, so the result "
             "stays L x d_model and W_q, W_k, W_v still fit it: X + PE.head_rows(X.n_rows) "
             "(chapter 08)");
ATTN_MISTAKE(similarity_over_columns, "position_similarity",
             "the dot products were taken between columns (PE.col(p) against every column); a "
             "position is a ROW of PE, so entry j is PE.row(p) . PE.row(j), one entry per "
             "position: PE.row(p) * PE.t() (chapter 08)");
ATTN_MISTAKE(similarity_cosine, "position_similarity",
             "each dot product was divided by the two rows' lengths (a cosine similarity); the "
             "exercise asks for the plain dot product PE.row(p) . PE.row(j), whose largest value "
             "is d_model / 2 (chapter 08)");
ATTN_MISTAKE(pe_exponent_without_two, "positional_encoding",
             "the exponent was i / d_model, the pair's number over d_model: columns 2i and 2i+1 "
             "turn at 1 / 10000^(2i / d_model), so with the pair index i (c / 2) the exponent is "
             "2.0 * i / d_model, or with the column c it is (c - c % 2) / d_model (chapter 08)");
ATTN_MISTAKE(pe_frequency_inverted, "positional_encoding",
             "the position was multiplied by 10000^(2i / d_model) instead of divided by it: the "
             "angle is p / 10000^(2i / d_model), so the later pairs turn more and more slowly "
             "(wavelengths from 2 pi up to 10000 * 2 pi); write p / std::pow(10000.0, ...) "
             "(chapter 08)");
ATTN_MISTAKE(pe_odd_last_column_missing, "positional_encoding",
             "with an odd d_model the last column stayed 0: it is the sine of one more pair, "
             "sin(p / 10000^((d_model - 1) / d_model)), without its cosine; a loop over whole "
             "pairs (2 * i + 1 < d_model) stops one column early, so loop while 2 * i < d_model "
             "and write the cosine only when 2 * i + 1 < d_model (chapter 08)");
ATTN_MISTAKE(add_positions_whole_table, "add_positions",
             "the whole table PE was added to X (X + PE, or a result started as a copy of PE with X "
             "added to its first rows, which keeps PE's extra rows): PE may be longer than the sentence (one table "
             "made for the longest), so only its first L rows belong to X's L tokens: X + "
             "PE.head_rows(X.n_rows); Armadillo refuses X + PE when the two shapes differ "
             "(chapter 08)");
ATTN_MISTAKE(add_positions_empty_sentence, "add_positions split_heads concat_heads",
             "an input with a size of 0 broke the function ({}): a range a .. a + n - 1 taken with "
             "n = 0 (PE.rows(0, X.n_rows - 1) for an empty X, M.cols(a, a + w - 1) for a block of "
             "no columns) ends before it starts, at a - 1, and at 0 - 1 an unsigned arma::uword "
             "turns into the largest index there is: Armadillo refuses it; take the first n rows "
             "with PE.head_rows(n), which gives none for n = 0, and give a block of no columns "
             "its own case: w == 0 ? arma::mat(M.n_rows, 0) : M.cols(a, a + w - 1), or if (w > 0) "
             "around the copy. A block given by its first row and a size starts outside a matrix "
             "of no rows: M.submat(0, c, arma::size(0, w)) is refused even though it is empty, "
             "where M.cols(c, c + w - 1) is not; or skip the copy when there is nothing to copy, "
             "if (part.n_elem > 0) (chapters 08 and 09)");
ATTN_MISTAKE(similarity_as_column, "position_similarity",
             "the result came out as a column, L x 1 (PE * PE.row(p).t(), or arma::sum(..., 1) "
             "without a .t()), which an arma::rowvec cannot hold; the exercise returns a row, 1 x "
             "L: PE.row(p) * PE.t(), one entry per position (chapter 08)");
ATTN_MISTAKE(similarity_distance_not_dot, "position_similarity",
             "the entries are distances between the two codes, |PE(p) - PE(j)| or its square, "
             "which are 0 at j = p and grow with the distance; the exercise asks for the dot "
             "product PE.row(p) . PE.row(j), largest (d_model / 2) at j = p: PE.row(p) * PE.t() "
             "(chapter 08)");
ATTN_MISTAKE(pe_halves_not_interleaved, "positional_encoding",
             "the sines filled the first half of the columns and the cosines the second half (a "
             "layout some libraries use); in this course the two interleave: column 2i is sin(p "
             "w_i) and column 2i+1 is cos(p w_i), with w_i = 1 / 10000^(2i / d_model), so PE(p, "
             "c) is a sine when c % 2 == 0 (chapter 08)");
ATTN_MISTAKE(pe_divided_outside_sine, "positional_encoding",
             "the division by 10000^(2i / d_model) was put outside the sine, std::sin(p) / "
             "std::pow(...): it belongs inside, to the angle, std::sin(p / std::pow(10000.0, 2.0 "
             "* i / d_model)), so every entry stays a sine or cosine between -1 and 1 (chapter "
             "08)");
ATTN_MISTAKE(pe_base_not_10000, "positional_encoding",
             "the base of the power was not 10000 ({}): the angle is p / 10000^(2i / d_model); "
             "write the number out, 10000.0 (or 1e4) (chapter 08)");
ATTN_MISTAKE(pe_angle_scaled, "positional_encoding",
             "every angle was multiplied by a constant, 2 pi (as if p / 10000^(2i / d_model) "
             "counted turns) or a conversion between degrees and radians: that angle is already "
             "in radians, which std::sin and std::cos take, so PE(p, 2i) = sin(p / "
             "10000^(2i / d_model)) with no factor in front (chapter 08)");
ATTN_MISTAKE(pe_odd_cosine_past_the_end, "positional_encoding",
             "with an odd d_model the loop over pairs wrote the cosine of the last pair into "
             "column d_model, one past the end, and Armadillo refused the index: the last column "
             "of an odd table is a sine without its cosine, so write column 2i + 1 only when 2 * "
             "i + 1 < d_model (chapter 08)");
ATTN_MISTAKE(add_positions_subtracted, "add_positions",
             "the codes were subtracted, X - PE: they are added, entry by entry, X + "
             "PE.head_rows(X.n_rows) (chapter 08)");
ATTN_MISTAKE(add_positions_columns_not_rows, "add_positions",
             "the first L COLUMNS of PE were taken (PE.cols(0, L - 1) or PE.head_cols(L)), but a "
             "position is a row of PE: row p of X gets row p of PE, so take the first L rows, X + "
             "PE.head_rows(X.n_rows) (chapter 08)");
ATTN_MISTAKE(add_positions_refuses_exact_length, "add_positions",
             "a table exactly as long as X was refused: the rule is PE.n_rows >= X.n_rows (one "
             "code for every token, spare ones allowed), so the check is require_shapes(PE.n_rows "
             ">= X.n_rows, ...), not > (chapter 08)");
ATTN_MISTAKE(add_positions_refuses_longer_table, "add_positions",
             "a table longer than X was refused: PE is made once for the longest sentence, and X "
             "takes only its first L rows, so the rule is PE.n_rows >= X.n_rows, not PE.n_rows == "
             "X.n_rows (chapter 08)");
ATTN_MISTAKE(add_positions_empty_loses_width, "add_positions",
             "an empty X (0 x d_model) came back as a 0x0 matrix: no tokens in, no rows out, but "
             "the width stays d_model; return X itself, or X + PE.head_rows(X.n_rows), which is 0 "
             "x d_model (chapter 08)");
ATTN_MISTAKE(similarity_missing_transpose, "position_similarity",
             "PE.row(p) was multiplied by PE itself, or by its column j (PE.col(j) where "
             "PE.row(j).t() belongs): a row (1 x d_model) times PE (L x d_model), or times a "
             "column of L entries, does not fit, or (when L = d_model) pairs entries of row p "
             "with a COLUMN of PE; the dot products with every row are PE.row(p) * PE.t(), 1 x L "
             "(chapter 08)");
ATTN_MISTAKE(similarity_row_with_itself, "position_similarity",
             "each entry came out as PE(j) . PE(j), row j against itself: a line copied and one "
             "index not changed (PE(j, c) * PE(j, c)), so p was never read; entry j pairs the "
             "two rows, s(j) += PE(p, c) * PE(j, c) (chapter 08)");
ATTN_MISTAKE(similarity_summed_over_positions, "position_similarity",
             "the products PE(p, c) PE(j, c) were summed down each column, over the positions j "
             "(arma::sum(M) adds up each column): a dot product sums over the features c of one "
             "pair of rows, arma::sum(M, 1), one entry per position; or all at once, PE.row(p) * "
             "PE.t() (chapter 08)");
ATTN_MISTAKE(similarity_normalised, "position_similarity",
             "the dot products were {}, as the chapter's figure does to start its curves at 1; "
             "the exercise asks for the plain dot product PE.row(p) . PE.row(j), whose largest "
             "value is d_model / 2: PE.row(p) * PE.t() (chapter 08)");
ATTN_MISTAKE(thinks_attention_sees_word_order, "positions_question",
             "attention alone cannot see word order: projections and softmax(Q K^T / sqrt(d_k)) V "
             "read a row's numbers, never its index, so reordering the rows of X only reorders "
             "the output rows (chapter 02, step 4); that is why the codes are added (chapter 08)");
ATTN_MISTAKE(thinks_a_moved_word_keeps_its_output, "positions_question",
             "with positions added, a word that moves does get another output: the codes belong "
             "to the slots, so at its new slot the word gets another row of PE added, and its row "
             "of X + PE, its query, key and value all change (chapter 08, step 5)");
ATTN_MISTAKE(thinks_adding_positions_widens_x, "positions_question",
             "adding positions does not widen X: PE has d_model columns like X and is added entry "
             "by entry, so X + PE stays L x d_model and W_q, W_k, W_v fit it unchanged (chapter "
             "08)");
ATTN_MISTAKE(thinks_similarity_depends_on_the_start, "positions_question",
             "PE(p) . PE(p + k) does not depend on p: each pair gives sin a sin b + cos a cos b = "
             "cos(a - b) = cos(k w_i), so the sum over the pairs is sum_i cos(k w_i), the same "
             "wherever the two positions start (chapter 08, step 6)");
ATTN_MISTAKE(pe_length_zero_refused, "positional_encoding",
             "length 0 was refused, but a sequence of no tokens has a table of no rows: "
             "positional_encoding(0, d_model) is 0 x d_model; only d_model = 0 is an error "
             "(chapter 08)");
ATTN_MISTAKE(add_positions_length_from_width, "add_positions",
             "the number of codes was taken from X's width: PE.head_rows(X.n_cols) gives one code "
             "per feature, but a code belongs to each token, a row of X: PE.head_rows(X.n_rows) "
             "(chapter 08)");
ATTN_MISTAKE(similarity_one_entry_per_column, "position_similarity",
             "the result had one entry per column of PE (d_model) instead of one per position: "
             "the loop over j ran to PE.n_cols; entry j is PE.row(p) . PE.row(j) for every row j "
             "< PE.n_rows, 1 x L (chapter 08)");
ATTN_MISTAKE(similarity_position_checked_against_width, "position_similarity",
             "a position that is a row of PE was refused: p was checked against the width; a "
             "position is a row, so the only rule is p < PE.n_rows (chapter 08)");
ATTN_MISTAKE(range_check_lets_the_end_through, "position_similarity add_positions",
             "a range check was off by one at the end: it refused what lies further out but let "
             "through the first value past the end, and Armadillo's own error came later. Rows "
             "are numbered 0 .. n - 1, so n itself is already past the end: {} (chapter 08)");
ATTN_MISTAKE(similarity_of_position_zero, "position_similarity",
             "every entry was taken against row 0 of PE, PE.row(0) . PE.row(j), where row p "
             "belongs: the result is position 0's similarity whatever p is given; entry j is "
             "PE.row(p) . PE.row(j), so PE.row(p) * PE.t() (chapter 08)");
ATTN_MISTAKE(sum_started_at_one, "position_similarity",
             "every entry is 1 too large: the sums started from 1, not 0 (arma::fill::ones, or "
             "double s = 1); a sum of products starts at 0, so make the result with "
             "arma::fill::zeros, or simply PE.row(p) * PE.t() (chapter 08)");

ATTN_MISTAKE(pe_parity_of_position, "positional_encoding",
             "sine or cosine was chosen by the parity of another index than the column's (the "
             "position's, p % 2, or the pair's, (c / 2) % 2): a column is all sines or all cosines, "
             "column 2i the sine and column 2i+1 the cosine of the same angle, so the test is c % 2 "
             "== 0 (chapter 08)");
ATTN_MISTAKE(pe_d_model_outside_the_power, "positional_encoding",
             "d_model was left outside std::pow, so it scaled the angle instead of the exponent "
             "(p / std::pow(10000, 2 * i) / d_model is p / (10000^(2i) d_model), and p / "
             "(std::pow(10000, 2 * i) / d_model) is p d_model / 10000^(2i)): the exponent itself is "
             "2i / d_model, p / std::pow(10000.0, 2.0 * i / d_model) (chapter 08)");
ATTN_MISTAKE(pe_half_width_in_whole_numbers, "positional_encoding",
             "the exponent was written i / (d_model / 2) with d_model / 2 in whole numbers: for an "
             "odd d_model that drops a half (5 / 2 is 2), so every pair turns at the wrong "
             "frequency; write 2.0 * i / d_model, in doubles (chapter 08)");
ATTN_MISTAKE(pe_positions_divided_by_length, "positional_encoding",
             "the positions were divided by the length (p / length) before the angle was taken: "
             "a position's code must not depend on how long the sequence is, or the same word "
             "slot gets another code in a longer sentence; the angle is p / 10000^(2i / d_model) "
             "with p itself (chapter 08)");
ATTN_MISTAKE(pe_pairs_counted_from_one, "positional_encoding",
             "the pairs were counted from 1 (i = c / 2 + 1), so the exponent is 2(i + 1) / "
             "d_model and even the first pair turns slower than once per position; the first pair "
             "is i = 0, whose frequency is 1: i = c / 2 (chapter 08)");
ATTN_MISTAKE(add_positions_pe_indices_swapped, "add_positions",
             "PE was read with its two indices swapped, PE(c, p): row p of X gets row p of PE, so "
             "the entry is X(p, c) + PE(p, c), or at once X + PE.head_rows(X.n_rows) (chapter 08)");
ATTN_MISTAKE(add_positions_x_scaled, "add_positions",
             "X was multiplied by sqrt(d_model) before the codes were added (the embedding scaling "
             "of Vaswani et al.); here add_positions only adds: X + PE.head_rows(X.n_rows), the "
             "embeddings as they are (chapter 08)");
ATTN_MISTAKE(add_positions_multiplied, "add_positions",
             "X and the codes were multiplied entry by entry (X % PE...): the codes are added, X + "
             "PE.head_rows(X.n_rows) (chapter 08)");
ATTN_MISTAKE(similarity_own_position_zeroed, "position_similarity",
             "entry p, the position with itself, was set to 0 (or left out): 'every position' "
             "includes p, whose entry PE.row(p) . PE.row(p) is the largest (d_model / 2); return "
             "PE.row(p) * PE.t() as it is (chapter 08)");
ATTN_MISTAKE(similarity_only_earlier_positions, "position_similarity",
             "only the positions j <= p were filled (a causal habit) and the later entries left 0: "
             "the similarity looks both ways, entry j is PE.row(p) . PE.row(j) for EVERY row j of "
             "PE: PE.row(p) * PE.t() (chapter 08)");
ATTN_MISTAKE(similarity_from_offsets, "position_similarity",
             "entry j was taken from an offset instead of from row j: as PE.row(0) . "
             "PE.row(|p - j|), which holds only for an exact sinusoid table of even width, or as "
             "PE.row(p) . PE.row(p + j), the offset j counted from p (the chapter's PE(p).PE(p+k)), "
             "which leaves the entries past the end 0 or missing; the function gets any PE and "
             "entry j is the dot product of rows p and j themselves, PE.row(p) * PE.t() (chapter "
             "08)");
ATTN_MISTAKE(similarity_last_column_left_out, "position_similarity",
             "the last column of PE was left out of each dot product: the sum ran over whole "
             "sin/cos pairs (columns 2i and 2i + 1 for i < d_model / 2), which drops the lone last "
             "column of an odd d_model, or the loop over the columns stopped one short (c < "
             "d_model - 1); PE may be any table, so sum over every column c < PE.n_cols, or take "
             "PE.row(p) * PE.t() (chapter 08)");
ATTN_MISTAKE(similarity_softmaxed, "position_similarity",
             "the dot products were turned into attention weights ({}), which sum to 1: the "
             "exercise asks for the raw dot products PE.row(p) . PE.row(j), no scaling and no "
             "softmax: PE.row(p) * PE.t() (chapter 08)");

}  // namespace attn_test::mistakes
