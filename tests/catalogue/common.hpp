// common.hpp: the mistakes every chapter shares: how bad input is refused, and the
// relations of tests/support/relations.hpp, whose sentences are written when found
// (the ones here say what each relation is).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(shape_check_left_to_armadillo, "*",
             "an attn error was expected for input that breaks the contract, but Armadillo's own "
             "error escaped: {} (every function checks its own shapes first, with require_shapes, "
             "as its Throws: line in src/contracts/ says)");
ATTN_MISTAKE(shape_rule_not_checked, "*",
             "a shape that breaks the function's rule was accepted without a ShapeError ({}): the code "
             "ran on and returned something. Armadillo does not notice every bad shape (a loop of "
             "your own, a width divided with integers, a check that compares only the number of "
             "entries or one of two sizes all run on); check the rule first, each size it names, "
             "with require_shapes, as the function's Throws: line in src/contracts/ says");
ATTN_MISTAKE(bad_input_accepted, "*",
             "an input the contract refuses was accepted ({}): nothing was thrown. Check the input "
             "first (what the function's Throws: line in src/contracts/ lists: NaN or infinity, "
             "which std::isfinite tells; a size of 0, which n == 0 tells, since an arma::uword is "
             "never below 0; a step or a position out of range) and throw attn::InputError naming the "
             "function and what is wrong, so that a caller's mistake cannot turn into silent "
             "nonsense (every chapter)");
ATTN_MISTAKE(refused_under_another_name, "*",
             "the bad input was refused, but under another function's name ({}): either a "
             "function your code called later refused it, or a check of yours was handed that "
             "name; check the input at the start of your own function, under its own name, so "
             "that the error names it, the rule and the shapes the caller gave");
ATTN_MISTAKE(refusal_names_another_matrix, "*",
             "the error's message gives {}: a message shows the pairs handed to require_shapes "
             "({\"name\", M}), so each pair must be the matrix the rule is about, under its own name "
             "and with its own shape, in the order the Throws: line of the doc block in "
             "src/contracts/ words it; where the condition itself reads another matrix than the "
             "one it names, it is the condition to fix");
ATTN_MISTAKE(refused_with_the_other_error, "*",
             "the bad input was refused with another kind of error, {}");

// --- a result that hangs on the calls made before it (tests/support/diagnosis.cpp)
ATTN_MISTAKE(result_kept_from_an_earlier_call, "*",
             "the result depends on the calls made before it: {}");

// --- relations between a wrong result and the right one (tests/support/relations.hpp)
ATTN_MISTAKE(result_transposed, "*", "the result came out transposed: rows and columns swapped");
ATTN_MISTAKE(result_negated, "*", "every entry has the wrong sign: -1 times the right value");
ATTN_MISTAKE(result_all_zero, "*", "the result is all zeros where the right one is not");
ATTN_MISTAKE(result_scaled, "*",
             "every entry is the same factor times the right value, the factor named when it is a "
             "quantity in play (sqrt(d_k), d_k, 1 / sqrt(d_k), d_k / d_model, ...)");
ATTN_MISTAKE(result_rows_rescaled, "*",
             "each row is the right row times a factor of its own: the rows were normalised by the "
             "wrong amount");
ATTN_MISTAKE(result_shifted, "*", "the result is shifted by one row or one column: an index off by one");
ATTN_MISTAKE(result_reversed, "*", "a sequence holds the right tokens in reverse order");
ATTN_MISTAKE(result_rotated, "*", "a sequence holds the right tokens turned round by one place");
ATTN_MISTAKE(result_sequence_edited, "*",
             "a sequence holds the right tokens in their places but one: one left out, one too many, "
             "one replaced, zeros in front of them, or none at all");
ATTN_MISTAKE(result_cut_short, "*",
             "a sequence holds only some of the right tokens, the first ones (or the first and the "
             "last) and none of those between: a buffer of fixed size the input outgrew, or a loop "
             "with a constant bound");
ATTN_MISTAKE(result_edge_left_out, "*",
             "the result is right except its last (or first) row, column or entry, left at 0: a loop "
             "that stopped one short of the end or started one late");
ATTN_MISTAKE(result_never_assigned, "*", "a result was never given its value: {}");
ATTN_MISTAKE(result_another_inputs_answer, "*",
             "the answer does not follow the arguments: {}; compute it from what the function is "
             "given, not from one case such as the worked example");
ATTN_MISTAKE(result_right_up_to_another_size, "*",
             "{}: write each loop's bound as the size of what its index counts");
ATTN_MISTAKE(result_whole_numbers, "*",
             "every entry is a whole number where the right values are not: a sum kept in an "
             "int (auto s = 0), an int variable or an integer division");
ATTN_MISTAKE(result_reshaped, "*",
             "the right numbers in the right order, in a matrix of the wrong shape: written "
             "through one running index into a result made the wrong size");
ATTN_MISTAKE(result_part_only, "*",
             "only some rows (or columns) of the right result came back, the rest missing: one "
             "step's value returned where every step's belongs");
ATTN_MISTAKE(result_function_of_right, "*",
             "every entry is the same function of the right value: its reciprocal, square, square "
             "root, size without sign, exp or log (an operation too many or left out)");
ATTN_MISTAKE(result_broadcast_added, "*",
             "the right result plus the same row in every row, or the same column in every column: "
             "a bias, a code or a shift of each row added or left out");
ATTN_MISTAKE(result_permuted, "*", "the right rows (or columns), each once, in another order");
ATTN_MISTAKE(result_softmax_of_right, "*",
             "each row is the softmax of the right row: a softmax too many, on a result that is "
             "the scores (or on weights that had their softmax already)");
ATTN_MISTAKE(result_running_sum, "*",
             "every entry also holds the sum of the entries before it: a sum (s += ...) not set back "
             "to 0 before each entry it adds up, or each entry built on the one before it");
ATTN_MISTAKE(result_term_missing, "*", "the result lacks a term the contract names (a bias, a residual, ...)");
ATTN_MISTAKE(result_term_extra, "*", "the result has a term the contract names once too often");
ATTN_MISTAKE(result_nearly_right, "*",
             "the result is right to a few parts in a million and no closer: single precision "
             "somewhere, or a tiny constant added");
ATTN_MISTAKE(result_not_finite, "*",
             "the result holds inf or NaN where the right value is finite: an overflow, a log of "
             "0, a division by 0, or an unsigned size that wrapped round below 0");
ATTN_MISTAKE(wrong_input, "*", "the result is what the right computation gives with {}");
// ... and where a call threw on input the contract accepts
ATTN_MISTAKE(result_valid_input_refused, "*",
             "input the contract accepts was refused: a check of yours is stricter than the "
             "function's rule or looks at the wrong sizes (compare its condition with the "
             "Throws: line of the doc block in src/contracts/; only what is listed there is "
             "refused)");
ATTN_MISTAKE(result_inner_call_refused, "*",
             "on input the contract accepts, a function your code called refused what your code "
             "handed it: the values or shapes computed before that call are wrong");
ATTN_MISTAKE(result_empty_shape_wrong, "*",
             "for an input with a size of 0 the result has the wrong shape: an empty result keeps "
             "every size that is not 0 (no positions still give 0 x d, not the 0x0 of an early "
             "return arma::mat() or of join_cols from an empty start), a size of 0 gives no "
             "entries (not the 1x1 of a guard such as L <= 1), and a sum over nothing is zeros of "
             "the result's shape, not an empty matrix");
ATTN_MISTAKE(result_operands_do_not_fit, "*",
             "on input the contract accepts, Armadillo refused a product or a sum whose shapes do "
             "not fit: an operand in the wrong order (V * A for A * V, U.t() * X for X * U.t()), "
             "transposed, * (the matrix product) where % (entry by entry) was meant, each_row where "
             "each_col was meant (or the other way), repmat with its counts swapped, or not the "
             "matrix meant (another input, another field of a result, an intermediate of another "
             "width), or a size written as a number (rowvec::fixed<4>, zeros(1, 4): the worked "
             "example's) where the input's own size belongs; write each step's shape in a comment, "
             "(L_Q, L_K) and so on, and compare");
ATTN_MISTAKE(result_index_past_the_end, "*",
             "on input the contract accepts, an index ran past the end of a matrix: a loop bound "
             "or a range taken from the wrong size (n_rows for n_cols, L_Q for d_k) or written "
             "as a number (a buffer of fixed size), one too far (<= for <), the two indices of an entry swapped in one place (G(c, r) for "
             "G(r, c)), an unsigned index counting down (i >= 0 always holds, so after 0 i "
             "wraps round to a huge number), or a bound n - 1 with an unsigned n of 0 (t <= "
             "X.n_rows - 1 with no rows runs to the largest arma::uword); write each loop's bound "
             "as the size it counts, t < X.n_rows");

}  // namespace attn_test::mistakes
