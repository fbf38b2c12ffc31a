// 01_rnn_loop.hpp: the mistakes first met in chapter 01 (rnn_loop), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

// --- the step, in rnn_step or written inline in rnn_forward
ATTN_MISTAKE(rnn_forgets_previous_state, "rnn_forward rnn_step",
             "each h_t was computed from x_t alone, without W h_{t-1} (a zero state given to "
             "every step, or the h_prev * W.t() term left out): the loop's memory is the h of the "
             "step before, tanh(h_prev * W.t() + x_t * U.t()) (chapter 01, step 1)");
ATTN_MISTAKE(rnn_weights_swapped, "rnn_step rnn_forward",
             "W and U were swapped, or h and x_t were (in the products, or in the order of "
             "rnn_step's arguments: rnn_step(X.row(t), h, W, U) gives tanh(x_t W^T + h U^T), the "
             "same numbers as the weights swapped): W (d_h x d_h) carries the memory and "
             "multiplies h_{t-1}; U (d_h x d_in) brings in the new input and multiplies x_t; the "
             "call is rnn_step(h, X.row(t), W, U), in that order (chapter 01, step 1)");
ATTN_MISTAKE(rnn_weight_not_transposed, "rnn_step rnn_forward",
             "the state was multiplied by W itself (h_prev * W): in row form the step is h_t = "
             "tanh(h_{t-1} W^T + x_t U^T), so it is h_prev * W.t() (chapter 01, step 1)");
ATTN_MISTAKE(rnn_no_tanh, "rnn_step rnn_forward",
             "tanh was left out: the step returns tanh of W h_{t-1} + U x_t, which keeps every "
             "entry of h between -1 and 1: arma::tanh(h_prev * W.t() + x_t * U.t()) (chapter 01, "
             "step 1)");
ATTN_MISTAKE(rnn_input_weight_not_transposed, "rnn_step rnn_forward input_projections",
             "the input was multiplied by U itself (x_t * U, or X * U): U is d_h x d_in, and in "
             "row form U x_t is x_t U^T, so it is x_t * U.t() (X * U.t() for every row at once) "
             "(chapter 01, step 1)");
ATTN_MISTAKE(rnn_neither_weight_transposed, "rnn_step rnn_forward",
             "both W and U were used as stored (h_prev * W + x_t * U): our vectors are rows, so W "
             "h becomes h W^T and U x becomes x U^T: h_prev * W.t() + x_t * U.t() (chapter 01, "
             "step 1)");
ATTN_MISTAKE(rnn_tanh_on_one_term, "rnn_step rnn_forward",
             "tanh was applied to the terms separately, or to one of them only (arma::tanh(h_prev "
             "* W.t()) + x_t * U.t(), or a tanh around each product): it applies once, to their "
             "sum, arma::tanh(h_prev * W.t() + x_t * U.t()) (chapter 01, step 1)");
ATTN_MISTAKE(rnn_sum_not_reset, "rnn_step rnn_forward",
             "the total of a hidden unit was declared once, outside the loop over the units, and "
             "never set back to 0: unit r's sum also held every earlier unit's, so h_t is right "
             "at entry 0 only. Start each unit's total at 0 inside that loop (double pre = 0; "
             "then its terms), or write the row at once: h_prev * W.t() + x_t * U.t() (chapter 01)");
ATTN_MISTAKE(rnn_sum_in_integer, "rnn_step rnn_forward",
             "the sum inside tanh was kept in an integer (int pre = 0; pre += W(r, c) * h_prev(c)): "
             "each addition drops the fraction, so small terms vanish and h_t is tanh of a whole "
             "number (often tanh(0) = 0); keep it in a double, double pre = 0.0 (chapter 01, step 1)");
ATTN_MISTAKE(rnn_loop_bound_of_other_width, "rnn_step rnn_forward",
             "a loop over the terms of one product ran to the other's width: U x_t adds one term "
             "per entry of x_t, c < U.n_cols (d_in), and W h_prev one per entry of h_prev, c < "
             "W.n_cols (d_h); one loop for both, or the other bound, is right only when d_in = "
             "d_h (terms left out, or a read past the end, otherwise): give each sum its own loop "
             "(chapter 01, step 1)");
ATTN_MISTAKE(rnn_terms_not_added, "rnn_step rnn_forward",
             "the two terms were combined some other way than a sum (one subtracted from the "
             "other, or multiplied entry by entry): what the state remembers and what the new "
             "token brings are added, then squashed once: arma::tanh(h_prev * W.t() + x_t * "
             "U.t()) (chapter 01, step 1)");
ATTN_MISTAKE(rnn_previous_state_added_back, "rnn_step rnn_forward",
             "h_prev was added to the squashed sum (h_prev + tanh(...)), a shortcut this loop does "
             "not have: h_prev reaches the new state only through W, h_t = tanh(h_prev * W.t() + "
             "x_t * U.t()), which keeps every state between -1 and 1 (chapter 01, step 1)");
ATTN_MISTAKE(rnn_input_left_out, "rnn_step rnn_forward",
             "the new input was left out: h_t was computed from h_{t-1} alone, without U x_t; the "
             "step is tanh(h_prev * W.t() + x_t * U.t()) (chapter 01, step 1)");
ATTN_MISTAKE(rnn_other_activation, "rnn_step rnn_forward",
             "the step squashed its sum with another function (the sigmoid 1 / (1 + e^-x), "
             "ReLU max(0, x), or a tanh by hand that is not tanh: 2 / (1 + e^-x) - 1 is tanh(x / "
             "2)): the loop of the chapter uses tanh, arma::tanh(h_prev * W.t() + x_t "
             "* U.t()), whose outputs lie between -1 and 1, centred on 0 (chapter 01, step 1)");
ATTN_MISTAKE(rnn_tanh_through_exp_overflows, "rnn_step rnn_forward",
             "tanh was written through exp, (e^z - e^-z) / (e^z + e^-z) or (e^2z - 1) / (e^2z + "
             "1): for a sum z beyond about 710 (355 with e^2z) the exponential overflows to "
             "infinity and inf / inf is NaN, where tanh(z) is simply 1 or -1; use the library's "
             "tanh, arma::tanh(h_prev * W.t() + x_t * U.t()) or std::tanh of each entry, which "
             "is right for every z (chapter 01, step 1)");
ATTN_MISTAKE(rnn_column_where_a_row_belongs, "rnn_step rnn_forward",
             "the step was written in column form while h_prev and x_t are rows: Armadillo "
             "refuses W * h_prev (a d_h x d_h matrix times a 1 x d_h row), and refuses a d_h x 1 "
             "column returned or stored where a row belongs ('requested size is not compatible "
             "with row vector layout'); write the row form h_prev * W.t() + x_t * U.t(), or "
             "transpose on the way in and out; and x_t is X.row(t), not X.col(t) (chapter 01, "
             "step 1)");

// --- the loop of rnn_forward
ATTN_MISTAKE(rnn_state_stored_in_a_column, "rnn_forward",
             "each state was stored as a column of H (H.col(t) = h.t()): H has one row per "
             "position, L x d_h, so state t goes into row t, H.row(t) = h; a column of H is L long, "
             "not d_h, which Armadillo refuses ('copy into submatrix') unless L = d_h, where H "
             "comes out transposed (chapter 01, step 2)");
ATTN_MISTAKE(rnn_stale_state, "rnn_forward",
             "every step was given h_start instead of the h the previous step returned: update h "
             "inside the loop, h = rnn_step(...), not arma::rowvec h = ... there, which declares a "
             "new h that hides the outer one and is lost at the end of each pass (chapter 01, step 1)");
ATTN_MISTAKE(rnn_rows_off_by_one, "rnn_forward",
             "the rows of H are off by one: row t must hold h_t, the state right after reading "
             "x_t, so row 0 is rnn_step(h_start, x_0), not h_start (and H has L rows: h_start is "
             "not one of them); record h after each step, and start the loop at t = 0 (chapter 01)");
ATTN_MISTAKE(rnn_ignores_h_start, "rnn_forward",
             "the loop started from a zero state instead of h_start: the first step is "
             "rnn_step(h_start, X.row(0), W, U); start the running h at h_start (chapter 01)");
ATTN_MISTAKE(rnn_result_sized_like_x, "rnn_forward",
             "H was made the shape of X (L x d_in): a state of d_h entries does not fit its rows "
             "('copy into submatrix: incompatible matrix dimensions', or an index past the end), or "
             "leaves columns of zeros after it where d_in > d_h; H holds one state per position, "
             "arma::mat H(X.n_rows, W.n_rows) (chapter 01)");
ATTN_MISTAKE(loop_stops_one_early, "rnn_forward input_projections",
             "the last row was left at 0: the loop stopped one step short (t < n - 1, or t + 1 < "
             "n); run it over every row, for (arma::uword t = 0; t < X.n_rows; ++t) (chapter 01)");
ATTN_MISTAKE(loop_starts_one_late, "rnn_forward input_projections",
             "the loop started at t = 1, so x_0 was never read: row 0 of the result was left at 0 "
             "(and in rnn_forward every later state lacks the step of x_0, since the first step "
             "began from h_start with x_1); the rows are 0 to n_rows - 1, so the loop is for "
             "(arma::uword t = 0; t < X.n_rows; ++t) (chapter 01)");
ATTN_MISTAKE(rnn_loop_runs_backwards, "rnn_forward",
             "the loop read the sequence backwards (t from X.n_rows - 1 down to 0, or X reversed "
             "with arma::flipud): the first step must read x_0 and each h_t is made from h_{t-1}, "
             "so the loop runs forwards, for (arma::uword t = 0; t < X.n_rows; ++t), with row t "
             "of H the state after x_t (chapter 01, step 1)");
ATTN_MISTAKE(loop_runs_one_past_the_end, "rnn_forward input_projections row_one_by_hand",
             "an index left the rows' range: a loop ran one step past the end (t <= X.n_rows, j "
             "<= V.n_rows, or an index t + 1), or an unsigned index counting down was kept going "
             "by j >= 0, which an arma::uword always is, so that after 0 it wraps round to a huge "
             "number; the rows are 0 to n_rows - 1: count up with for (arma::uword t = 0; t < "
             "X.n_rows; ++t), or down with for (arma::uword j = V.n_rows; j-- > 0;); Armadillo "
             "refuses a row that does not exist ('Mat::row(): index out of bounds') (chapters 01 "
             "and 04)");

ATTN_MISTAKE(rnn_state_squashed_again, "rnn_forward",
             "the state was put through tanh a second time after rnn_step, which applies it "
             "already (H.row(t) = arma::tanh(h), or h = arma::tanh(rnn_step(...))): in the rows "
             "stored, or also in the state carried on to the next step; store and carry h_t as "
             "rnn_step returns it, H.row(t) = h (chapter 01, step 2)");
ATTN_MISTAKE(no_positions_lose_width, "rnn_forward input_projections",
             "a sequence of no positions (X with 0 rows) gave a 0x0 matrix: no positions in, no "
             "rows out, but the result keeps its width d_h; an early return of arma::mat(), or "
             "rows gathered with join_cols onto a 0x0 start (arma::mat H;), loses it. Make the result "
             "arma::mat(X.n_rows, d_h) before the loop (or X * U.t(), which is 0 x d_h), and "
             "check the shapes first, also when there is nothing to compute (chapter 01)");

// --- input_projections
ATTN_MISTAKE(input_projections_column_form, "input_projections",
             "the product was written in column form, U times X (U * X.t() is d_h x L, one "
             "column per position; U * X fits only by accident): rows are tokens, so row t must "
             "be x_t U^T, and all of them at once are X * U.t(), L x d_h (chapter 01, step 2)");
ATTN_MISTAKE(input_projections_rows_carried, "input_projections",
             "each row of X U^T also holds every row above it, a running total down the rows: "
             "row t was built on row t - 1 (P.row(t) = P.row(t - 1) + x_t U^T, the loop's habit "
             "of carrying a state, which the projections do not have), or a sum s was set to 0 "
             "once per column instead of once per entry; each row is x_t U^T alone, from x_t "
             "and U only (chapter 01, step 2)");
ATTN_MISTAKE(input_projections_with_tanh, "input_projections",
             "tanh was applied to the projections: input_projections is only the part U x_t, "
             "X * U.t(); the tanh comes in the step, after W h_{t-1} is added, and cannot be "
             "taken before the sum (chapter 01, step 2)");

// --- shape checks that refuse what fits
ATTN_MISTAKE(shape_rule_refuses_fitting_shapes, "*",
             "a ShapeError was thrown for shapes that fit the contract: the rule checked is not "
             "the one the contract states ({}); compare the Shapes: line of the function's doc "
             "block in src/contracts/ (every chapter)");

// --- rnn_questions
ATTN_MISTAKE(thinks_the_loop_runs_in_parallel, "rnn_questions",
             "the loop was counted as working on many positions at once: position t needs h_{t-1}, "
             "which position t - 1 must finish first, so however many cores there are, one "
             "position runs at a time (chapter 01, step 1)");
ATTN_MISTAKE(rnn_positions_for_no_words, "rnn_questions",
             "a sentence of 0 words was given 1 position at a time: with no words there is no "
             "position to work on, so the answer there is 0; the loop's one position at a time "
             "needs a sentence of one word at least: length > 0 ? 1 : 0 (chapter 01, step 1)");
ATTN_MISTAKE(thinks_attention_runs_one_position_at_a_time, "rnn_questions",
             "one attention pass was counted as one position at a time: each row of Q K^T needs "
             "only its own query and all the keys, never another row's result, so all `length` "
             "positions run at once (chapter 01, step 4)");
ATTN_MISTAKE(thinks_attention_positions_are_pairs, "rnn_questions",
             "length * length counts the entries of the L x L score matrix; the question asks for "
             "positions (the query rows), and all `length` of them run at once (chapter 01, step "
             "4)");
ATTN_MISTAKE(answer_ignores_length, "rnn_questions",
             "the answer was the same for every length (50, the chapter's example sentence): the "
             "function is asked about a sentence of `length` words, and one attention pass works "
             "on all of them at once, so the answer is length itself (chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_runs_backwards, "rnn_questions",
             "the loop's path length was taken as a distance |i - j|: the loop only runs forwards "
             "(h_j is made from h_{j-1}), so a later position never reaches an earlier one; "
             "answer kNeverReaches there (chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_backward_not_refused, "rnn_questions",
             "for j before i the loop's path length came out as a number (j - i, which is "
             "negative, or 0): the loop only carries information forwards, so from a later "
             "position to an earlier one it never arrives; return kNeverReaches when j < i "
             "(chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_direction_reversed, "rnn_questions",
             "the loop's path length was worked out the wrong way round (i - j, as if information "
             "flowed from later positions to earlier ones): it flows forwards, from i to a later "
             "j in j - i steps, and never from a later i back to an earlier j (kNeverReaches) "
             "(chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_counts_positions, "rnn_questions",
             "the loop's path length counted positions instead of the steps between them: from i "
             "to a later j the loop takes j - i steps (49 from 0 to 49, 0 from a position to "
             "itself), not j - i + 1 or j - i - 1 (chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_one_step, "rnn_questions",
             "the loop was given attention's path length, one step for any pair: in the loop "
             "information moves one position per step, so from i to a later j it takes j - i "
             "steps (chapter 01, step 4)");
ATTN_MISTAKE(rnn_path_to_itself_unreachable, "rnn_questions",
             "from a position to itself the loop's answer was kNeverReaches: it is already there, "
             "so it takes 0 steps; only an earlier j is out of reach (test j < i, not j <= i) "
             "(chapter 01, step 4)");
ATTN_MISTAKE(attention_path_to_itself_is_one, "rnn_questions",
             "attention_path_length(i, i) was 1: from a position to itself there is nothing to "
             "travel, so it is 0; every other pair is 1 step apart (chapter 01, step 4)");
ATTN_MISTAKE(attention_path_walks_like_the_loop, "rnn_questions",
             "attention's path length was counted like the loop's, one step per position in "
             "between: one attention layer links every pair of positions directly, so any two "
             "different positions are 1 step apart (chapter 01, step 4)");
ATTN_MISTAKE(attention_path_only_forwards, "rnn_questions",
             "attention was taken to link earlier positions to later ones only: that is what a "
             "causal mask does (chapter 07); without a mask, as in an encoder, every pair is "
             "linked both ways in 1 step (chapter 01, step 4)");

// --- a product written by hand, C = A B by loops (tests/support/families.hpp): every exercise
// whose result is one (X U^T, X W, Q K^T, A V, and one row of A V)
ATTN_MISTAKE(loop_misses_the_last_index, "input_projections project scores attend row_one_by_hand llms_row",
             "a loop of {} stopped one short of its end (k + 1 < n, or i < n - 1), so its last "
             "index was never visited: the last term of each entry's sum, the last row or the "
             "last column was left out; a loop over n things is for (arma::uword k = 0; k < n; "
             "++k) (chapters 01 to 04)");
ATTN_MISTAKE(loop_bound_of_another_size, "input_projections project scores attend row_one_by_hand llms_row",
             "a loop of {} ran to the size of another dimension: the sum of each entry to a count "
             "of rows, or the rows or columns of the result to the size of another side. Where "
             "the two sizes differ, terms or entries are left out or an index runs past the end; "
             "each bound is the size of what it counts: the sum over A.n_cols (= B.n_rows) terms, "
             "the rows to A.n_rows, the columns to B.n_cols (chapters 01 to 04)");
ATTN_MISTAKE(loop_assigns_instead_of_adding, "input_projections project scores attend row_one_by_hand llms_row",
             "inside the loop of a sum, each entry of {} was assigned (=) instead of added to (+=), "
             "so only the last term was kept: start the total at 0 and add each term, s += A(i, k) "
             "* B(k, j), or z += weights(j) * V.row(j) (chapters 01 to 04)");
ATTN_MISTAKE(product_sum_starts_at_one, "input_projections project scores attend row_one_by_hand llms_row",
             "each entry of {} left out the first term of its sum: the loop over the shared "
             "index started at 1 (for (k = 1; ...)); C++ counts from 0, so k = 0 is the first "
             "term: for (arma::uword k = 0; k < n; ++k), n the number of terms (chapters 01 to "
             "04)");
ATTN_MISTAKE(product_terms_added, "input_projections project scores attend row_one_by_hand llms_row",
             "the terms of {} were added where they are multiplied, A(i, k) + B(k, j) for "
             "A(i, k) * B(k, j): each entry of a product is a sum of products, one per value "
             "of the shared index (chapters 01 to 04)");
ATTN_MISTAKE(product_sum_in_integer, "input_projections project scores attend row_one_by_hand llms_row",
             "each entry of {} was summed in an integer (int s = 0; s += A(i, k) * B(k, j)): every "
             "+= cuts the total to a whole number, so the fractions are lost; keep the total in a "
             "double (double s = 0.0) (chapters 01 to 04)");
ATTN_MISTAKE(product_operands_swapped, "input_projections project scores attend row_one_by_hand llms_row",
             "the product {}: the order of a matrix product matters (A * B is not B * A, and "
             "where their shapes do not fit Armadillo refuses it); the rows of the result come "
             "from the left operand, so it is A * B (chapters 01 to 04)");
ATTN_MISTAKE(product_row_zero_everywhere, "input_projections project scores attend",
             "{}: an index written 0 (or a fixed name) where the loop's own index belongs, so "
             "each row (or column) of the result repeats the first (chapters 01 to 04)");
ATTN_MISTAKE(product_result_sized_like_first, "input_projections project scores attend",
             "the result of {} was made with the shape of its first matrix (arma::mat C(arma::size(A)), "
             "or A.n_rows x A.n_cols): a product of A.n_rows x n and n x m is A.n_rows x m, as many "
             "columns as the second matrix has, arma::mat C(A.n_rows, B.n_cols); here columns were "
             "left at 0, missing, or read past the second matrix's last column by a loop to the "
             "result's own width (chapters 01 to 04)");
ATTN_MISTAKE(product_index_written_twice, "input_projections project scores attend",
             "in the loops of {}, one index was written where the other belongs (K.row(i) for "
             "K.row(j), B(k, i) for B(k, j), or j where i belongs), so each row (or column) of the "
             "result repeats one entry: entry (i, j) takes row i of the first and column j of the "
             "second, both indices in their places (chapters 01 to 04)");
ATTN_MISTAKE(product_factor_at_result_index, "input_projections project scores attend row_one_by_hand llms_row",
             "in the loops of {}, one factor was read at the result's own index instead of the "
             "sum's: A(i, j) for A(i, k) (weights(c) for weights(j) in a loop over a row's "
             "entries c), or B(i, j) for B(k, j), so every term of an entry multiplies the same "
             "number; the sum's index runs through both factors, C(i, j) = sum over k of A(i, k) "
             "B(k, j) (chapters 01 to 04)");
ATTN_MISTAKE(rnn_recurrent_term_summed_down_columns, "rnn_step",
             "the recurrent term was built entry by entry and summed down the columns, "
             "arma::sum(W.each_row() % h_prev, 0): that gives h_prev(j) times the total of W's "
             "column j. Entry i of the term is row i of W against h_prev, the sum over j of W(i, "
             "j) h_prev(j): sum along the rows (dimension 1), or write h_prev * W.t() (chapter 01)");
ATTN_MISTAKE(product_read_row_major, "rnn_step input_projections project scores attend row_one_by_hand llms_row position_similarity split_heads",
             "in the loops of {} through memptr(), entry (i, k) was read at memptr()[i * n_cols + "
             "k], as if the matrix were stored row by row: Armadillo stores it column by column, "
             "so that index lands on other entries. Entry (i, k) is memptr()[i + k * n_rows]; "
             "better, write M(i, k), which knows the layout (chapters 01 to 04)");
ATTN_MISTAKE(product_read_wrong_leading_dimension, "input_projections project scores attend row_one_by_hand llms_row add_positions",
             "in the loops of {} through memptr(), entry (i, k) was read at memptr()[i + k * s] "
             "with a step s other than that matrix's own row count: from one column to the next, "
             "storage moves on by the matrix's own n_rows (its leading dimension), not by its "
             "column count or another matrix's row count, so that index lands on other entries. "
             "Entry (i, k) is memptr()[i + k * n_rows]; better, write M(i, k), which knows the "
             "layout (chapters 01 to 08)");
// --- title_question
ATTN_MISTAKE(thinks_transformer_is_attention_only, "title_question",
             "a Transformer is not attention and nothing else: it still has embeddings, "
             "feed-forward layers, normalisation and a positional encoding; the title names what "
             "can go, not all that stays (chapter 01, 'What the title does not say')");
ATTN_MISTAKE(thinks_the_title_drops_every_other_layer, "title_question",
             "the title does not drop every layer but attention: only the recurrent chain (and "
             "convolution) is replaced; embeddings, feed-forward layers and normalisation stay "
             "(chapter 01, 'What the title does not say')");
ATTN_MISTAKE(thinks_the_title_drops_word_order, "title_question",
             "the title does not say that word order stops mattering: it still matters, and with "
             "the loop gone it has to be added to the input instead (chapter 01, 'What the title "
             "does not say')");
ATTN_MISTAKE(thinks_word_order_comes_for_free, "title_question",
             "word order does not take care of itself: the loop was the model's only sense of "
             "which word came first, and attention alone cannot tell a sentence from its shuffle, "
             "so a positional encoding is added (chapter 01, 'What the title does not say'; "
             "chapter 02 shows the shuffle)");

}  // namespace attn_test::mistakes
