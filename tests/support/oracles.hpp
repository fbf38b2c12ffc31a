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

namespace attn_test {

// A B, three loops.
arma::mat product_by_loops(const arma::mat& A, const arma::mat& B);

// --- softmax along the rows ---------------------------------------------------------
// What each row is shifted by before exp: its own maximum (right), nothing, one
// maximum for the whole matrix, the row's mean or minimum, or each entry's column maximum.
enum class Shift { row_max, none, global_max, row_mean, column_max, row_min };
// What each exponential is divided by: its row's total (right), its column's total,
// the total of everything, or its row's largest exponential.
enum class Norm { row_sum, column_sum, total, row_max };
struct SoftmaxWay {
    Shift shift = Shift::row_max;
    Norm norm = Norm::row_sum;
    bool guard = true;            // a row of nothing but -inf gets zeros (without: NaN)
    bool down_columns = false;    // the whole softmax down each column instead
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
};
struct AttentionWay {
    double divisor = 0;           // what the scores are divided by; 0: sqrt(d_k), the right one
    MaskUse mask = MaskUse::added;
    SoftmaxWay softmax;           // how the scores become weights
    bool weights_transposed = false;  // A^T V (L_Q = L_K only)
};
struct AttentionByLoops {
    arma::mat scores;   // Q K^T / divisor (+ mask), L_Q x L_K
    arma::mat weights;  // L_Q x L_K
    arma::mat output;   // L_Q x d_v
};
// Attention with an additive mask (an empty mask: none).
AttentionByLoops attention_by_loops(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                    const arma::mat& mask = arma::mat(), const AttentionWay& way = {});
// The causal mask of L tokens: 0 on and below the diagonal, -inf above.
arma::mat causal_mask_by_loops(arma::uword L);

// --- layer norm ------------------------------------------------------------------------
enum class NormSlip { none, over_columns, sample_variance, eps_outside_sqrt, no_gain_bias, no_gain, no_bias, no_eps,
                      no_sqrt, gain_bias_swapped };
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
