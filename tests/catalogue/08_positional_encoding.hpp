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
             "every column got a frequency of its own: columns 2i and 2i+1 are ONE pair and share "
             "1 / 10000^(2i / d_model), so the exponent uses c - c % 2, not c; with c, a pair is "
             "no longer a point on a circle (chapter 08)");
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
ATTN_MISTAKE(add_positions_concatenated, "add_positions",
             "X and PE were put side by side (2 d_model wide): the codes are added entry by "
             "entry, so the result stays L x d_model and W_q, W_k, W_v still fit it (chapter 08)");
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
             "the whole table PE was added to X: PE may be longer than the sentence (one table "
             "made for the longest), so only its first L rows belong to X's L tokens: X + "
             "PE.rows(0, X.n_rows - 1); Armadillo refuses X + PE when the two shapes differ "
             "(chapter 08)");
ATTN_MISTAKE(add_positions_empty_sentence, "add_positions",
             "an empty X (0 tokens) broke the function: PE.rows(0, X.n_rows - 1) with X.n_rows = "
             "0 asks for row 0 - 1, which an unsigned arma::uword turns into the largest index "
             "there is; return X (0 x d_model) before taking any rows (chapter 08)");
ATTN_MISTAKE(similarity_as_column, "position_similarity",
             "the result came out as a column, PE * PE.row(p).t() (L x 1), which an arma::rowvec "
             "cannot hold; the exercise returns a row, 1 x L: PE.row(p) * PE.t(), one entry per "
             "position (chapter 08)");
ATTN_MISTAKE(similarity_distance_not_dot, "position_similarity",
             "the entries are squared distances |PE(p) - PE(j)|^2, which are 0 at j = p and grow "
             "with the distance; the exercise asks for the dot product PE.row(p) . PE.row(j), "
             "largest (d_model / 2) at j = p: PE.row(p) * PE.t() (chapter 08)");

}  // namespace attn_test::mistakes
