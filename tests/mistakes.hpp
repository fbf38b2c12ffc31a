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
    X(softmax_over_columns,                                                                                         \
      "softmax ran down the columns (each column sums to 1); it must run along each row, one query's budget "     \
      "over the keys (chapter 03)")                                                                                 \
    X(softmax_over_whole_matrix,                                                                                    \
      "softmax was normalised over the whole matrix (all entries sum to 1); each row must sum to 1 on its own "   \
      "(chapter 03)")                                                                                               \
    X(softmax_without_max_subtraction,                                                                              \
      "large scores overflowed to inf/NaN: subtract each row's maximum before exp, which changes nothing "         \
      "else (chapter 03, shift invariance)")                                                                        \
    X(scores_transposed,                                                                                            \
      "the scores are K Q^T, not Q K^T: row i must hold query i against every key (chapter 04, step 2)")           \
    X(no_scaling,                                                                                                   \
      "the scores were not divided by sqrt(d_k) (chapter 04, step 3; chapter 05 says why)")                        \
    X(scale_by_d_k,                                                                                                 \
      "the scores were divided by d_k; the divisor is sqrt(d_k), the typical size of a score (chapter 05)")        \
    X(weights_instead_of_output,                                                                                    \
      "this is the weight matrix A (L_Q x L_K); the layer's output is A V (L_Q x d_v) (chapter 04, step 5)")       \
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
