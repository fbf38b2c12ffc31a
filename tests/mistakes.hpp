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
    X(softmax_over_columns,                                                                                         \
      "softmax ran down the columns (each column sums to 1); it must run along each row, one query's budget "     \
      "over the keys (chapter 03)")                                                                                 \
    X(softmax_over_whole_matrix,                                                                                    \
      "softmax was normalised over the whole matrix (all entries sum to 1); each row must sum to 1 on its own "   \
      "(chapter 03)")                                                                                               \
    X(softmax_without_max_subtraction,                                                                              \
      "large scores overflowed to inf/NaN: subtract each row's maximum before exp, which changes nothing "         \
      "else (chapter 03, shift invariance)")                                                                        \
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
      "the scores were not divided by sqrt(d_k) (chapter 04, step 3; chapter 05 says why)")                        \
    X(scale_by_d_k,                                                                                                 \
      "the scores were divided by d_k; the divisor is sqrt(d_k), the typical size of a score (chapter 05)")        \
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
      "the mask was applied after the softmax, so the allowed weights no longer sum to 1: add the mask to the "    \
      "scaled scores and only then call softmax_rows (chapter 07)")                                                 \
    X(mask_with_zero,                                                                                               \
      "forbidden scores were set to 0, but e^0 = 1 still gives those keys weight; a forbidden score must be "      \
      "-infinity, whose weight is exactly 0 (chapter 07)")                                                          \
    X(mask_multiplied,                                                                                              \
      "the mask was multiplied into the scores instead of added: every allowed score became 0, and 0 times "       \
      "-infinity is NaN (chapter 07)")                                                                              \
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
      "evenly instead of getting zeros; use -arma::datum::inf (chapter 07)")                                        \
    X(mask_zero_one_pattern,                                                                                        \
      "the mask held 1 and 0 (allowed and forbidden) instead of 0 and -infinity: a mask is added to the scores, "   \
      "so a key that may be seen gets 0 and a forbidden one -infinity (chapter 07)")                                \
    X(mask_added_to_weights,                                                                                        \
      "the mask was added to the weights after the softmax; a weight plus -infinity is -infinity, so the output "  \
      "fills with -inf and NaN: add the mask to the scaled scores before softmax_rows (chapter 07)")                \
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
    X(softmax_backward_without_subtraction,                                                                         \
      "dS came out as A % dA: the term -(A_i . dA_i) is missing; every weight shares one budget, so raising one "  \
      "lowers the others, and that is what the subtraction says (chapter 12)")                                      \
    X(softmax_backward_sums_columns,                                                                                \
      "the dot products A . dA were taken down the columns; softmax_rows normalised each row, so each row of dS "   \
      "needs its own row's dot product, arma::sum(A % dA, 1) (chapter 12)")                                         \
    X(softmax_backward_missing_weights,                                                                             \
      "the last multiplication by A was left out: dS = A % (dA - rowsum(A % dA)), the Jacobian of softmax times "   \
      "dA, row by row; without the leading A % each row gets dA minus its weighted mean (chapter 12)")             \
    X(attention_backward_skips_softmax,                                                                             \
      "the backward pass went from dA straight to the scores (dS = dA / sqrt(d_k)): softmax sits between them, "    \
      "so dS = softmax_rows_backward(A, dA) / sqrt(d_k) (forward was: A = softmax_rows(S)) (chapter 12)")           \
    X(attention_backward_scale_by_d_k,                                                                              \
      "dS was divided by d_k: the forward pass divided the scores by sqrt(d_k), so the backward pass divides "      \
      "by sqrt(d_k) too (chapter 12)")                                                                              \
    X(attention_backward_missing_scale,                                                                             \
      "dQ and dK are sqrt(d_k) times too large: the forward pass divided the scores by sqrt(d_k), so their "        \
      "gradient is divided by it too (chapter 12)")                                                                 \
    X(attention_backward_dv_untransposed,                                                                           \
      "dV was computed as A dZ; from Z = A V the gradient at V is A^T dZ, one row per key (chapter 12)")            \
    X(attention_backward_dk_untransposed,                                                                           \
      "dK was computed as dS Q; from S = Q K^T the gradient at K is dS^T Q, one row per key (chapter 12)")          \
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
