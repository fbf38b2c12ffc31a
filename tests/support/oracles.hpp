// oracles.hpp: the suite's own answers, by plain loops over scalars, never through
// the code under test; each with the natural slips a learner makes as options, so
// that a test computes what a wrong version gives the same way it computes the right
// answer (the variants of tests/support/diagnosis.hpp).
//
// Shapes as in the course: rows are tokens, columns features. Q is L_Q x d_k, K is
// L_K x d_k, V is L_K x d_v, scores and weights L_Q x L_K, the output L_Q x d_v.
#pragma once

#include <armadillo>
#include <functional>
#include <string>

namespace attn_test {

// A B, three loops.
arma::mat product_by_loops(const arma::mat& A, const arma::mat& B);

// --- softmax along the rows ---------------------------------------------------------
// What each row is shifted by before exp: its own maximum (right), nothing, one
// maximum for the whole matrix, the row's mean or minimum, each entry's column maximum,
// the row's first score (s(0), whatever the others), or row 0's maximum for every row (an index
// copied: S(0, j) read where S(i, j) belongs).
enum class Shift { row_max, none, global_max, row_mean, column_max, row_min, row_first, first_row_max };
// What each exponential is divided by: its row's total (right), its column's total,
// the total of everything, its row's largest exponential, or the length (2-norm) of its
// row or of its column, as arma::normalise(E, 2, 1) and arma::normalise(E) divide.
// Or (running_total) the total of its row and of every row before it: a sum declared once,
// outside the loop over the rows, never set back to 0.
enum class Norm { row_sum, column_sum, total, row_max, row_length, column_length, running_total };
struct SoftmaxWay {
    Shift shift = Shift::row_max;
    Norm norm = Norm::row_sum;
    bool guard = true;            // a row of nothing but -inf gets zeros (without: NaN)
    bool down_columns = false;    // the whole softmax down each column instead
    bool exponential = true;      // false: each row's scores over their own total, no exp, no shift
    bool even_empty_rows = false; // a row of nothing but -inf gets 1 / L_K each instead of zeros
    bool twice = false;           // the softmax taken again of its own weights, softmax(softmax(S))
    // the rule for a row of -inf written on its total instead (a total of 0 divides by 1, or
    // gives zeros): the same for the right shift, zeros too on a row whose exponentials all
    // underflow under another shift (where without it 0 / 0 gives NaN)
    bool zero_total_rows = false;
};
arma::mat softmax_by_loops(const arma::mat& S, const SoftmaxWay& way = {});

// --- attention ---------------------------------------------------------------------
// How an additive mask may be applied (right: added to the scaled scores).
enum class MaskUse {
    added,             // right: scores + mask, then softmax
    after_softmax,     // softmax of the plain scores, hidden weights set to 0 afterwards
    added_to_weights,  // softmax of the plain scores, then + mask
    zero_score,        // hidden scores set to 0
    multiplied,        // scores % mask: 0 -> 0, -inf -> -inf (or +inf, or NaN)
    transposed,        // scores + mask^T (L_Q = L_K only)
    plus_large,        // scores + (-1e9 where hidden)
    set_large,         // hidden scores set to -1e9
    ignored,           // the mask not used
    keep_pattern,      // read as a 0/1 pattern of keys to keep: -inf where the mask is 0, the score elsewhere
    subtracted,        // scores - mask: +inf where a key is hidden
    shift_before_mask, // scores + mask, but each row shifted by the maximum of its unmasked scores (a hidden
                       // key's score far above the visible ones leaves them all e^-1000 = 0: 0 / 0)
};
// Which product gives the raw scores: Q K^T (right), K Q^T, Q Q^T, Q K, or Q^T K.
enum class ScoresFrom { q_k, k_q, q_q, q_times_k, qt_times_k };
// How a wrong product is written, which decides what refuses shapes that do not fit:
// Armadillo's operator* (its size error), loops over the right ranges (an index past
// the end), or one of the course's functions (its attn::ShapeError). Where the shapes
// fit, the numbers are the same.
enum class Written { armadillo, loops, course_function };
// How a layer's inputs became Q, K and V: Q = X_q W_q, K = X_kv W_k, V = X_kv W_v (right),
// the two sequences' roles traded, or a role projected by another role's matrix.
enum class Weight { q, k, v };
struct ProjectionWay {
    bool sources_swapped = false;  // Q from X_kv, K and V from X_q
    Weight q = Weight::q, k = Weight::k, v = Weight::v;  // the matrix each role is projected by
};
struct AttentionWay {
    double divisor = 0;           // what the scores are divided by; 0: sqrt(d_k), the right one
    MaskUse mask = MaskUse::added;
    SoftmaxWay softmax;           // how the scores become weights
    ScoresFrom scores = ScoresFrom::q_k;
    bool no_softmax = false;         // the scaled (and masked) scores kept as the weights
    bool transpose_weights = false;  // A^T V (L_Q = L_K only)
    bool transpose_values = false;   // A V^T (L_K = d_v only)
    bool weights_as_output = false;  // A itself in place of A V
    bool divided_after_softmax = false;  // softmax of the undivided scores, the weights divided afterwards
    Written written = Written::armadillo;  // what refuses the shapes of a wrong product
    // for a layer that projects its inputs (its finish reads it; attention_by_loops takes
    // Q, K and V as they are given)
    ProjectionWay projection;
};
struct AttentionByLoops {
    arma::mat scores;   // Q K^T / divisor (+ mask), L_Q x L_K
    arma::mat weights;  // L_Q x L_K
    arma::mat output;   // L_Q x d_v
};
// Attention with an additive mask (an empty mask: none); an empty V: no output. The
// shapes must fit (refused_step says where they do not).
AttentionByLoops attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                    const arma::mat& mask = arma::mat(), const AttentionWay& way = {});
// Its three steps on their own: the raw scores by the product `from` names; the weights
// of scaled scores S under a mask (its use, the softmax, no_softmax); the output of
// weights A and values V (A V, A^T V, A V^T, or A itself).
arma::mat scores_by_loops(const arma::mat& Q, const arma::mat& K, ScoresFrom from = ScoresFrom::q_k);
struct WeightsByLoops {
    arma::mat scores;   // S with the mask used as `way` says
    arma::mat weights;
};
WeightsByLoops weights_by_loops(const arma::mat& S, const arma::mat& mask, const AttentionWay& way = {});
arma::mat output_by_loops(const arma::mat& A, const arma::mat& V, const AttentionWay& way = {});
// The step of attention done the way `way` says where two shapes do not fit, as the
// start of Armadillo's message for it ("matrix multiplication", "addition"), or "" when
// every shape fits: the product of the scores, the mask added to them, the product with
// V (an empty V: no such step). refused_output: the last step alone, for weights A.
std::string refused_step(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask,
                         const AttentionWay& way);
std::string refused_output(const arma::mat& A, const arma::mat& V, const AttentionWay& way);
// Q, K and V of a layer projected the way `way` says, by loops.
struct ProjectionsByLoops {
    arma::mat Q, K, V;
};
ProjectionsByLoops projections_by_loops(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                        const arma::mat& W_k, const arma::mat& W_v, const ProjectionWay& way = {});
// The causal mask of L tokens: 0 on and below the diagonal, -inf above.
arma::mat causal_mask_by_loops(arma::uword L);

// --- layer norm ------------------------------------------------------------------------
// (no_eps_guarded / no_eps_guarded_at_0: eps left out, and a row whose variance is at most eps
// / at most 0 given inv_std 0, so its xhat 0 and its y the bias; eps_floor: 1 / sqrt(max(var, eps)))
enum class NormSlip { none, over_columns, sample_variance, eps_outside_sqrt, no_gain_bias, no_gain, no_bias, no_eps,
                      no_sqrt, gain_bias_swapped, no_eps_guarded, no_eps_guarded_at_0, eps_floor };
struct NormByLoops {
    arma::mat y;         // gain % xhat + bias
    arma::mat xhat;      // each row centred and divided by sqrt(var + eps)
    arma::colvec inv_std;
};
NormByLoops layer_norm_by_loops(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps,
                                NormSlip slip = NormSlip::none);

enum class NormBackSlip { none, no_mean_term, no_variance_term, no_gain, no_inv_std, sums_not_means, means_over_columns };
struct NormGradsByLoops {
    arma::mat dX;
    arma::rowvec dgain, dbias;
};
NormGradsByLoops layer_norm_backward_by_loops(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                              const arma::rowvec& gain, NormBackSlip slip = NormBackSlip::none);

// --- derivatives --------------------------------------------------------------------
// Central differences of f at every entry of X: (f(X + h e_i) - f(X - h e_i)) / 2h.
arma::mat central_differences(const std::function<double(const arma::mat&)>& f, arma::mat X, double h = 1e-6);

}  // namespace attn_test
