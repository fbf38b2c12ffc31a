// families.hpp: the slips several exercises share, each family written once.
//
// Attention written by hand goes wrong in the same few places whichever exercise holds
// it: the divisor of the scores, the softmax, the use of the mask, and the wiring (which
// products make the scores and the output). Each family below is a list of the natural
// wrong versions of its step, each a change to attention by loops (an AttentionWay,
// tests/support/oracles.hpp) with the mistake it is, the label of its way and whether it
// is one slip or several. An exercise applies a family with its `finish`: what the
// exercise gives when attention is done that way (the weights for softmax_rows, the
// factor 1 / divisor for scale_factor, every head's weights and the output for
// multi_head_attention, or the error its code throws where a wrong product's shapes do
// not fit). Sibling exercises thereby share one code path; what only one exercise can
// get wrong stays in its module, and so do the quantities each probe names factors by.
// Beside the four steps of attention: the projections of a layer's inputs, a product with
// a weight matrix, a mask on a cross-attention, shape rules that are not rules, and a
// range one index too long.
//
// A family's slip is named here and nowhere else: a mistake's id is written in its
// declaration and in one recogniser only (held by tests/catalogue_test.cpp). Where an
// exercise's result for a slip is its own (a shape it answers, a question's number, a
// search's tokens), its module asks the family for the slip's name by the way it is made
// (mistake_of).
//
// Shapes as in the course: rows are tokens, columns features. Q is L_Q x d_k, K is
// L_K x d_k, V is L_K x d_v, scores and weights L_Q x L_K.
#pragma once

#include <armadillo>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "support/diagnosis.hpp"
#include "support/oracles.hpp"

namespace attn_test {

// --- what a slip gives, and how it is declared ----------------------------------------

// What a wrong version gives on a probe's input: exactly a result, or (for an error
// whose wording depends on how the body was written) an example and the results that
// count as it.
struct Outcome {
    Result example;
    std::function<bool(const Result&)> fits;  // empty: exactly `example`

    Outcome(Result r) : example(std::move(r)) {}  // implicit: a finish may return a plain result
    Outcome(Result e, std::function<bool(const Result&)> f) : example(std::move(e)), fits(std::move(f)) {}
};
// Declares an outcome of mistake m on probe p (Probe::variant, or variant_fitting).
Probe& declare(Probe& p, const Mistake& m, const Outcome& o, const std::string& detail = "", double tol = kTol);

// What an exercise gives on a probe's input when attention is done the way `way` says.
using Finish = std::function<Outcome(const AttentionWay& way)>;

// One wrong version of a family: the mistake it is and the change it makes.
struct Slip {
    const Mistake* mistake;
    AttentionWay way;
    std::string how;     // the label of its way (Variant::how)
    std::string detail;  // for a sentence with "{}", or said after it
    double tol = kTol;
    bool alone = true;   // false: several slips at once (Variant::alone)
};
// Declares every slip on p, each as finish gives it.
void add_slips(Probe& p, const std::vector<Slip>& slips, const Finish& finish);

// --- the softmax --------------------------------------------------------------------
// A softmax written by hand can go wrong in its direction (down the columns), its
// normaliser (the column's total, everything's, the row's largest entry, the 2-norm of
// arma::normalise), its exponential (left out), its shift (none, one maximum for all,
// the row's mean or minimum, each column's maximum, the row's first score) and its rule for a row of nothing
// but -inf (NaN, or even weights); or it can be taken twice, softmax(softmax(S)). A
// combination is named by its first slip in that order.
struct SoftmaxSlips {
    // every shift with every normaliser, with and without the rule for a row of -inf
    // (each pairing of two slips or more marked combined), instead of the table below
    bool every_pairing = false;
    // the table: each shift and each normaliser alone, and the whole matrix shifted by
    // its own maximum (one slip: the shift that goes with that normaliser)
    bool table = true;
    bool shift_by_row_min = true;  // min(S, 1) among the table's shifts
    // each row shifted by its first score, s(0): right unless a later score towers over it (exp
    // overflows) or the first is -inf while others are not (inf / inf = NaN)
    bool shift_by_first = true;
    bool down_columns = true;      // softmax_rows(S.t()).t()
    bool by_length = true;         // arma::normalise(E, 2, 1) and arma::normalise(E)
    bool without_exp = true;
    bool spread_evenly = false;    // a row of nothing but -inf given 1 / L_K each
    bool nan_rows = false;         // the right softmax without the rule for a row of -inf
    // softmax_rows(softmax_rows(S)): the weights put through a softmax once more before they
    // are spent on the values (where the exercise goes on to the output)
    bool again = false;
    // each of these again without the rule for a row of -inf (two slips at once), where
    // the softmax is the learner's own and such rows occur
    bool table_unguarded = false;
    bool down_columns_unguarded = false;
    bool by_length_unguarded = false;
};
std::vector<Slip> softmax_slips(const SoftmaxSlips& which = {});
// What a softmax written the way w is named (nullptr: the right softmax).
const Mistake* mistake_of(const SoftmaxWay& w);
void add_softmax_slips(Probe& p, const Finish& finish, const SoftmaxSlips& which = {});
// The same on scores S whose softmax the exercise is: finish turns the wrong weights
// into its result.
void add_softmax_slips(Probe& p, const arma::mat& S, const std::function<Outcome(const arma::mat& weights)>& finish,
                       const SoftmaxSlips& which = {});

// --- the mask -------------------------------------------------------------------------
// An additive mask can be applied after the softmax, added to the weights, turned into
// zeros, multiplied in, subtracted, transposed, replaced by a large finite number, read as
// a 0/1 pattern of the keys to keep, or not used.
struct MaskSlips {
    bool ignored = true;
    // S % mask: only where the scores are all positive does it give numbers at all
    // (the caller knows its scores), and with a softmax of the learner's own, again
    // without the rule for a row of -inf
    bool multiplied = true;
    bool multiplied_unguarded = false;
    bool transposed = true;               // S + mask.t(): finish says what refuses it
    bool transposed_where_square = false;  // mask.t() only where it is square, right elsewhere
    bool large = true;                    // -1e9 in place of -inf, added or set
    bool keep_pattern = true;             // read as a 0/1 pattern of the keys to keep
    // S - mask: +infinity where a key is hidden, which the course's softmax_rows refuses (its
    // InputError) and a softmax of the learner's own turns into NaN (inf - inf) on that row
    bool subtracted = false;
    // each row shifted by the maximum of its scores before the mask: only a hidden key's score
    // hundreds above the visible ones shows it (the caller knows its scores)
    bool shift_before_mask = false;
    // a softmax of the plain scores, the hidden weights zeroed and each row divided by what
    // is left: 0 / 0 on a row with nothing visible, or where a hidden key's score towers
    bool renormalised = false;
    std::string set_large_detail;         // what else hidden scores set to -1e9 give
};
std::vector<Slip> mask_slips(const arma::mat& mask, const MaskSlips& which = {});
// What a use of the mask other than `added` is named: also what an exercise that writes a
// mask is named by when it writes the value such a use puts where a key is hidden (0 for
// zero_score, -1e9 for set_large).
const Mistake& mistake_of(MaskUse use);
void add_mask_slips(Probe& p, const arma::mat& mask, const Finish& finish, const MaskSlips& which = {});

// --- the divisor ------------------------------------------------------------------------
// The scores can be left undivided, divided by d_k, multiplied, divided by the root of
// another width or of a count of tokens, by a fixed 2, or by sqrt(d_k) kept in an integer;
// or the division can come after the softmax, on the weights.
struct DivisorSizes {  // the sizes in play on the input; 0: not in play
    double d_k = 0, d_v = 0, L_K = 0, L_Q = 0, d_model = 0;
};
struct DivisorSlips {
    std::string d_k_detail;        // what else a division by d_k may be (divided twice)
    bool queries_apart = false;    // sqrt(L_Q) a mistake of its own (where L_Q != L_K), not a count of tokens
    bool fixed = false;            // a fixed 2, and sqrt(d_k) kept in an integer
    bool powers = false;           // sqrt(d_k - 1), d_k / 2, d_k^2, d_k^(1/4) (also with the inner root cut to
                                   // a whole number, sqrt(d_k) handed to scale_scores), and a fixed 8 (the paper's sqrt(64))
    bool unguarded = false;        // each again without the rule for a row of -inf
    bool after_softmax = false;    // the weights divided by sqrt(d_k) instead of the scores (where
                                   // the exercise gives weights)
};
std::vector<Slip> divisor_slips(const DivisorSizes& sizes, const DivisorSlips& which = {});
// The divisors above by what they are, for an answer that follows from the divisor (a
// question's weight): what dividing by it is named.
enum class Divisor { none, d_k, multiplied, sqrt_d_v, key_count, query_count, sqrt_d_model, after_softmax, fixed_two,
                     truncated_sqrt, minus_one, half_d_k, other_power };
const Mistake& mistake_of(Divisor d);
void add_divisor_slips(Probe& p, const DivisorSizes& sizes, const Finish& finish, const DivisorSlips& which = {});

// --- the wiring -----------------------------------------------------------------------
// The products of attention written with the wrong operands: the scores as K Q^T (by
// operator* or by loops with i and j swapped), Q Q^T, Q K or Q^T K; the softmax left
// out; the output as A^T V (by operator*, by loops reading A(j, i), or through
// mix_value_rows), A V^T, or A itself.
enum class Wiring {
    scores_k_q, scores_k_q_in_loops, scores_q_q, scores_q_times_k, scores_qt_times_k,
    scores_kept,
    output_at_v, output_at_v_in_loops, output_at_v_by_mix_value_rows, output_a_vt, output_a,
};
struct WiringSlips {
    std::vector<Wiring> ways;
    std::string scores_k_q_detail;  // what else gives K Q^T (W_q and W_k swapped)
};
std::vector<Slip> wiring_slips(const WiringSlips& which);
void add_attention_wiring_slips(Probe& p, const Finish& finish, const WiringSlips& which);
// What a wiring slip is named, for an exercise whose result for it is its own (the shapes it
// answers, one row of the output written as a loop).
const Mistake& mistake_of(Wiring w);

// --- the projections of a layer -------------------------------------------------------
// Q = X_q W_q, K = X_kv W_k and V = X_kv W_v written with the wrong operands: the two
// sequences' roles traded in a cross-attention (the queries from X_kv, the keys and values
// from X_q), or a role projected by another role's matrix. Each is an AttentionWay whose
// `projection` says how; the exercise's finish projects its inputs that way
// (projections_by_loops, tests/support/oracles.hpp).
enum class Projection { sources_swapped, q_by_w_k, k_by_w_q, v_by_w_q, v_by_w_k };
std::vector<Slip> projection_slips(const std::vector<Projection>& ways);
void add_projection_slips(Probe& p, const Finish& finish, const std::vector<Projection>& ways);

// --- a product with a weight matrix ---------------------------------------------------
// X W written as W X, X W^T (by operator* or by loops reading W(j, k)), W^T X^T (the result
// transposed) or X % W; `own_check`: with the exercise's shape check rewritten to fit that
// product, a second slip (its ShapeError refuses what the product does not fit). The finish
// says what the exercise gives, or what refuses the shapes, when its products are written so.
enum class Product { w_x, x_wt, wt_xt, elementwise };
struct ProductWay {
    Product product;
    bool own_check = false;
    std::string where = "";  // in one place only ("for Q alone"): a way of its own
};
void add_product_slips(Probe& p, const std::function<Outcome(const ProductWay& way)>& finish,
                       const std::vector<ProductWay>& ways);

// Where the mask holds finite entries besides 0 (an additive mask may: -1.5 lowers a score,
// 2 raises it), a mask used as "hidden or not": its -infinity entries applied, its finite
// ones never added (a test for -inf, or a pattern of the hidden keys). finish: what the
// exercise gives with that mask in place of the right one (on a mask of 0 and -infinity
// only, the right result: declare it on every input of an exercise that has one such mask).
void add_finite_mask_entries_slips(Probe& p, const arma::mat& mask,
                                   const std::function<Outcome(const arma::mat& mask)>& finish);

// --- a mask on a cross-attention --------------------------------------------------------
// A cross-attention takes no mask: every query sees every encoder token. The decoder's
// causal mask carried over hides some: causal_mask(L_dec), which only fits the scores where
// L_dec = L_enc, or one of the scores' own shape, L_dec x L_enc, -inf where key j > query i.
// finish: what the exercise gives with that mask on its cross-attention. moved (a block
// with a self-attention of its own): what it gives with the causal mask there instead.
void add_cross_mask_slips(Probe& p, arma::uword L_dec, arma::uword L_enc,
                          const std::function<Outcome(const arma::mat& mask)>& finish,
                          const std::function<Outcome(const arma::mat& mask)>& moved = {});

// --- shape rules that are not rules ----------------------------------------------------
// A hand-written shape check can refuse shapes the contract accepts: attention's free sizes
// tied (L_Q = L_K, as if every attention were a self-attention; d_v = d_k, though d_v meets
// d_k in no product), or another pair of sizes compared than the rule's; or a mask checked
// against another shape than the scores' L_Q x L_K (square, L_Q x L_Q, or d_k wide). Such a
// check gives the right result where the sizes it compares agree, and a ShapeError elsewhere.
enum class NotARule { l_q_equals_l_k, d_v_equals_d_k, other_sizes, mask_other_shape };
const Mistake& mistake_of(NotARule rule);
// Declares the check of `rule` on p: `right` where it holds, else `refused` (by default the
// exercise's ShapeError, whatever its message).
Probe& add_rule_slip(Probe& p, NotARule rule, bool holds, const Result& right,
                     const Outcome& refused = Result::throws(Threw::shape_error), const std::string& detail = "");

// --- a range one index too long ----------------------------------------------------------
// A loop written with <= for < (its last step reads past the end: Armadillo's index error on
// every input), or a block taken as .cols(a, a + w) or .rows(0, L), whose end Armadillo
// counts in (a block one too wide, or past the end). What each gives is the exercise's own.
// empty_range: a range 0 .. n - 1 (PE.rows(0, L - 1), M.cols(a, a + w - 1)) taken with n = 0,
// whose end wraps round to the largest unsigned index: Armadillo's index error on an input
// with a size of 0 only. empty_range_broke names it where such an input (`input`, in
// words) gave that error, and returns true.
enum class OneTooMany { loop_bound, span_end, empty_range };
const Mistake& mistake_of(OneTooMany way);
bool empty_range_broke(const Result& got, const std::string& input);

// --- storage read in the wrong order ----------------------------------------------------
// M as a loop sees it that reads entry (i, k) at M.memptr()[i * n_cols + k], as if Armadillo
// stored a matrix row by row (it stores it column by column): M's numbers in storage order,
// dealt out row by row. The same matrix where M has a single row or column.
arma::mat read_row_major(const arma::mat& M);
// The mistake of a matrix read through memptr() in the wrong order: row by row, or column by
// column with n_cols as the step between columns (for an exercise whose loops are its own).
enum class StorageRead { row_major, step_of_n_cols };
const Mistake& mistake_of(StorageRead way);

// --- an input a cache cannot tell from an earlier one -----------------------------------
// M with its entries after the first (in storage order) in reverse order: the same shape,
// first entry, sum, largest and smallest entry, so a result kept from an earlier call under
// any of those as its key comes back on it, where the right result differs.
arma::mat same_summary_other_order(const arma::mat& M);

// --- a product written by hand ----------------------------------------------------------
// C = A B entry by entry, C(i, j) = sum_k A(i, k) B(k, j), as a triple loop: its sum can
// start at k = 1, stop early (one short, or at a bound of another size), keep only its last
// term (= for +=), add where it multiplies (A(i, k) + B(k, j)), read row 0 of A for
// every row, read one factor at the result's index (A(i, j) for A(i, k)), or read a matrix
// through memptr() row by row (memptr()[i * n_cols + k]: Armadillo stores column by column). `names` say what A, B and their shared index are in the exercise ("X", "W",
// "d_model"). Declared on p for its part `part` (the other parts of the result stay right),
// after the exercise's own variants: a slip that gives what one of them gives is left to it.
struct ProductNames {
    std::string a, b, inner;
    // ways left to the exercise's own mistakes, by their labels ("the rows one short")
    std::set<std::string> skip = {};
    // the product in the exercise's words, where "<a> <b>" does not read as one ("z = weights * V")
    std::string product = "";
    // B is the transpose of the learner's matrix (K^T of K, U^T of U): a slip in reading that
    // matrix's storage is one in K's, not in K^T's
    bool b_transposed = false;
};
void add_product_loop_slips(Probe& p, const std::string& part, const arma::mat& A, const arma::mat& B,
                       const ProductNames& names);

// --- the softmax's backward pass ------------------------------------------------------
// Row i of dS is A_i % (dA_i - A_i . dA_i) (softmax_jvp for one row, chapter 03;
// softmax_rows_backward for every row, chapter 11). A hand-written one can lose the
// subtraction, the leading A %, or everything but the Jacobian's diagonal; subtract
// the plain sum or mean of dA_i, or the dot product outside the bracket; take the dot
// products down the columns, over the whole matrix, or without starting each row's sum
// afresh; swap the roles of A and dA; or apply the Jacobian to A itself, dA never used
// (`on_weights`). The dot product itself can be taken of the weights with themselves, or
// be a mean; the weights can multiply only its term, or be softmaxed once more before use.
// The Jacobian can be remembered with a_i where a_j belongs (J_ij = a_i (d_ij - a_i)), or
// without its Kronecker delta (J_ij = a_i (1 - a_j)); the gradient can stand in front where
// the weights do, dA % (dA - dot); and log-softmax's backward pass, dA - A % sum(dA), can
// stand for softmax's. A loop that sums the dot product while it writes the entries uses
// it unfinished: entry j subtracts the sum over keys 0..j (`partial_dot_through`) or
// 0..j-1 (`partial_dot_before`); or its loop can stop one key short (`dot_one_short`), with the loop writing the entries too
// (`both_loops_short`: the last key's entry stays 0), or start at key 1 (`dot_from_one`).
// A loop that starts from a copy of dA and skips the masked keys (weight 0) leaves them
// dA where 0 belongs (`masked_keep_gradient`). `skipped` is no backward pass at all (dS = dA).
enum class Jvp { right, skipped, without_subtraction, missing_weights, diagonal_only, sum_of_v, mean_of_v, brackets,
                 columns, whole_matrix, not_reset, roles_swapped, on_weights, dot_of_weights, first_term_unweighted,
                 dot_as_mean, softmax_again, own_weight_twice, without_delta, gradient_in_front, log_softmax,
                 partial_dot_through, partial_dot_before, dot_one_short, both_loops_short, dot_from_one, masked_keep_gradient, dot_added,
                 column_dots_by_row };
arma::mat softmax_backward_by_loops(const arma::mat& A, const arma::mat& dA, Jvp way = Jvp::right);
// Whether a way runs on weights of A's shape: the column sums of A % dA taken as the rows' dot
// products (sum(A % dA) for sum(A % dA, 1), then each_col) fit only a square A; elsewhere
// Armadillo refuses them.
bool jvp_fits(const arma::mat& A, Jvp way);
struct JvpSlip {
    Jvp way;
    const Mistake* mistake;
    const char* how;
};
// The natural wrong backward passes, each with its mistake; one_row: only those a single
// row of weights that are all above 0 can show (its column sums, its whole-matrix sum and
// a running sum are its own dot, and it has no masked key).
std::vector<JvpSlip> jvp_slips(bool one_row = false);

}  // namespace attn_test
