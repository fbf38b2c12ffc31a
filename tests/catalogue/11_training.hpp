// 11_training.hpp: the mistakes first met in chapter 11 (training), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(softmax_backward_masked_keep_gradient, "softmax_rows_backward attention_backward",
             "the masked keys (weight 0) kept the incoming gradient dA: dS started as a copy of "
             "dA and the loop skipped the entries whose weight is 0, but every entry is "
             "a_j (dA_j - a . dA), which is 0 where a_j is 0; compute every entry, or start "
             "from arma::zeros (chapter 11)");
ATTN_MISTAKE(softmax_backward_sums_columns, "attention_backward softmax_rows_backward",
             "the dot products A . dA were taken down the columns; softmax_rows normalised each "
             "row, so each row of dS needs its own row's dot product, arma::sum(A % dA, 1) "
             "(chapter 11)");
ATTN_MISTAKE(attention_backward_skips_softmax, "attention_backward",
             "the backward pass went from dA straight to the scores (dS = dA / sqrt(d_k)): "
             "softmax sits between them, so dS = softmax_rows_backward(A, dA) / sqrt(d_k) "
             "(forward was: A = softmax_rows(S)) (chapter 11)");
ATTN_MISTAKE(attention_backward_scale_by_d_k, "attention_backward",
             "dQ and dK were divided by d_k, sqrt(d_k) times too much: by d_k itself, or by "
             "sqrt(d_k) twice (dS divided, then dS K and dS^T Q divided again); the forward pass "
             "divided the scores by sqrt(d_k) once, so divide dS by sqrt(d_k) once and take dQ = dS "
             "K, dK = dS^T Q as they are (chapter 11)");
ATTN_MISTAKE(attention_backward_missing_scale, "attention_backward",
             "dQ and dK are sqrt(d_k) times too large: the forward pass divided the scores by "
             "sqrt(d_k), so their gradient is divided by it too (chapter 11)");
ATTN_MISTAKE(attention_backward_dv_untransposed, "attention_backward",
             "dV was computed as A dZ; from Z = A V the gradient at V is A^T dZ, one row per key "
             "(chapter 11)");
ATTN_MISTAKE(attention_backward_dk_untransposed, "attention_backward",
             "dK was computed as dS Q; from S = Q K^T the gradient at K is dS^T Q, one row per "
             "key (chapter 11)");
ATTN_MISTAKE(attention_backward_scale_integer_division, "attention_backward",
             "dQ and dK came out all zeros: 1 / K.n_cols divides two integers (K.n_cols is an "
             "arma::uword), which gives 0 for every d_k above 1, so std::sqrt(1 / d_k) is 0 too; "
             "divide by a double, 1.0 / std::sqrt(static_cast<double>(K.n_cols)) (chapter 11)");
ATTN_MISTAKE(cross_entropy_summed_over_rows, "cross_entropy",
             "the loss is T times too large (dlogits too, where it was not divided either): the "
             "rows' losses were summed, not averaged; cross-entropy is the MEAN over the T rows, "
             "so divide the total loss by T, and every row of dlogits by T too (chapter 11, 'The "
             "loss')");
ATTN_MISTAKE(cross_entropy_gradient_not_averaged, "cross_entropy",
             "the loss is right but dlogits is T times too large: the loss was divided by T, its "
             "gradient was not; each row's gradient is (softmax(z) - onehot(t)) / T, since every "
             "row's loss entered the mean with weight 1/T (chapter 11)");
ATTN_MISTAKE(cross_entropy_without_shift, "cross_entropy",
             "large logits gave inf or NaN: exp(z) of a logit above about 709.8 overflows to inf, "
             "and then log(inf) is inf and inf / inf is NaN; subtract each row's maximum first, "
             "log sum exp(z) = m + log sum exp(z - m), so that no exp can overflow, in the loss "
             "and in the softmax of the gradient (chapters 03 and 11, step 2)");
ATTN_MISTAKE(cross_entropy_log_of_softmax, "cross_entropy",
             "the loss was read through the softmax's probability, -log p_t: where the target's "
             "probability is tiny it is stored as 0 (below about 1e-308), whose log is -inf, or, "
             "with a small number added to keep it finite (-log(p_t + 1e-12)), the loss stops near "
             "27.6 where the true one is far larger; compute -log p_t = m + log sum exp(z - m) - "
             "z_t straight from the logits, never through p (chapter 11, step 2)");
ATTN_MISTAKE(cross_entropy_gradient_without_onehot, "cross_entropy",
             "dlogits is softmax(z) / T without the one-hot: the target's entry must be p_t - 1, "
             "so subtract 1 at column targets[r] of each row (then every row of the gradient sums "
             "to 0) (chapter 11, step 1)");
ATTN_MISTAKE(cross_entropy_target_check_off_by_one, "cross_entropy",
             "a target equal to n (logits.n_cols) got past the check of the targets: the columns "
             "are numbered 0 .. n - 1, so n is already one past the last; refuse targets[r] >= "
             "logits.n_cols with attn::InputError, not only targets[r] > logits.n_cols (chapter "
             "11)");
ATTN_MISTAKE(cross_entropy_gradient_not_normalised, "cross_entropy",
             "dlogits was made from the exponentials exp(z - m) before their division by the row's "
             "sum, so its rows are not softmax(z) - onehot(t): divide each row of exponentials by "
             "its own sum first, p = e / arma::accu(e), then subtract the one-hot and divide by T "
             "(chapter 11, step 1)");
ATTN_MISTAKE(cross_entropy_onehot_at_row_number, "cross_entropy",
             "the one-hot's 1 was subtracted at the wrong entry: at column r, the row's own number "
             "(dlogits(r, r), or the diagonal), or with row and column swapped, dlogits(targets[r], "
             "r), which runs past the last row once a target is T or more; subtract it at row r, "
             "column targets[r], dlogits(r, targets[r]) (chapter 11, step 1)");
ATTN_MISTAKE(cross_entropy_loss_in_int, "cross_entropy",
             "the rows' losses were added up in an int (int total = 0): total += loss converts each "
             "new total back to an int, dropping its fraction, so the mean came out too small (a "
             "loss of log 7 = 1.95 per row counted as 1); keep the total in a double, double total "
             "= 0 (chapter 11, step 2)");
ATTN_MISTAKE(cross_entropy_mean_of_exponentials, "cross_entropy",
             "the log-sum-exp took the log of the MEAN of each row's exponentials (arma::mean(E, 1)) "
             "where it needs their sum: a mean is the sum over n, so every row's loss came out log n "
             "too low (and probabilities divided by that mean n times too large); write arma::sum(E, 1) "
             "(chapter 11, step 2)");
ATTN_MISTAKE(cross_entropy_message_row_from_one, "cross_entropy",
             "the error's message counted the rows from 1 ({}): rows are numbered from 0 like every "
             "index in C++ and Armadillo, so give r itself, not r + 1 (chapter 11)");
ATTN_MISTAKE(softmax_backward_divided_by_weight_sum, "softmax_rows_backward",
             "the row's dot product (or the weights themselves) was divided by the row's sum of "
             "weights, A_i . dA_i / sum(A_i): a row that sees no key has weights all 0, so that is "
             "0 / 0 = NaN, and every other row sums to 1 already, so the division does nothing; "
             "leave it out, each entry is a_j (dA_j - A_i . dA_i), 0 on a row of zeros (chapter 11)");
ATTN_MISTAKE(numeric_gradient_one_sided, "numeric_gradient",
             "the difference was one-sided, (f(W + h e_i) - f(W)) / h, whose error shrinks only "
             "like h; the central difference (f(W + h e_i) - f(W - h e_i)) / 2h cancels the h^2 "
             "term and errs like h^2 (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_entry_not_restored, "numeric_gradient",
             "an entry was not put back after its two evaluations, so every later entry was "
             "measured at a point where the earlier ones had moved by -h: set the entry back to "
             "W(i) before moving the next one (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_missing_half, "numeric_gradient",
             "the gradient is twice too large: f(W + h e_i) - f(W - h e_i) spans a step of 2h, so "
             "divide by 2 * h, not by h; write the brackets, (up - down) / (2 * h), since (up - "
             "down) / 2 * h would multiply by h (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_step_not_h, "numeric_gradient",
             "each entry was moved by {}: the central difference moves entry i by exactly the h "
             "passed in, to W(i) + h and to W(i) - h, and divides by the 2h between those two "
             "points, G(i) = (f(W + h e_i) - f(W - h e_i)) / (2 * h) (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_entry_set_to_h, "numeric_gradient",
             "the entry was set to h and to -h (at(i) = h, at(i) = -h) instead of moved by them, so "
             "the loss was measured around 0, not around W(i): write at(i) = W(i) + h and at(i) = "
             "W(i) - h, or at(i) += h on a copy of W (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_g_started_as_w, "numeric_gradient",
             "G was started as a copy of W (arma::mat G = W, for its shape) and the differences "
             "were added to it with +=, so G came out as W plus the gradient: start G at zeros, "
             "arma::mat G(arma::size(W), arma::fill::zeros), or assign each entry with = (chapter "
             "11, step 3)");
ATTN_MISTAKE(numeric_gradient_kept_in_float, "numeric_gradient",
             "the two losses (or their difference) were kept in a float, which holds about 7 "
             "digits: f(W + h e_i) and f(W - h e_i) agree in most of theirs, so their difference "
             "loses what it is made of; keep every value in double (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_entry_and_index_differ, "numeric_gradient",
             "one entry was moved and another written: {}; move and write the same entry, at(i) "
             "and G(i) with one index i < W.n_elem, or at(r, c) and G(r, c) with two (chapter 11, "
             "step 3)");
ATTN_MISTAKE(numeric_gradient_flattened, "numeric_gradient",
             "G came back as one column (or one row) of W.n_elem entries, flattened like a "
             "parameter vector: the gradient has W's own shape, one entry per entry of W, so make "
             "it arma::mat G(arma::size(W)) and write G(i) or G(r, c) (chapter 11, step 3)");
ATTN_MISTAKE(adam_without_bias_correction, "adam_step",
             "the bias correction is missing: m and v start at 0, so early on they are too small "
             "by the factors 1 - beta1^t and 1 - beta2^t; divide by them before the step (the "
             "first step then moves each entry by about the learning rate) (chapter 11, step 5)");
ATTN_MISTAKE(adam_bias_correction_without_power, "adam_step",
             "the corrections used 1 - beta instead of 1 - beta^t: right at t = 1 only; the "
             "factor is the total weight the running average has gathered after t steps, "
             "std::pow(beta1, t) (chapter 11, step 5)");
ATTN_MISTAKE(adam_epsilon_inside_sqrt, "adam_step",
             "epsilon went inside the square root, sqrt(v_hat + epsilon); Adam adds it after: "
             "sqrt(v_hat) + epsilon, so with a large epsilon the steps came out far too small "
             "(chapter 11, step 5)");
ATTN_MISTAKE(adam_missing_sqrt, "adam_step",
             "the step was divided by v_hat (the mean square of the gradient) instead of its "
             "square root: the update then scales like 1 / g instead of staying about the "
             "learning rate; use std::sqrt(v_hat) + epsilon (chapter 11, step 5)");
ATTN_MISTAKE(adam_bias_correction_multiplies, "adam_step",
             "the bias correction multiplied where it divides (m * (1 - beta1^t), v * (1 - beta2^t)): "
             "m and v start at 0 and are too small early on, so they are divided by 1 - beta^t, "
             "which is below 1: m_hat = m / (1 - std::pow(beta1, t)), v_hat = v / (1 - "
             "std::pow(beta2, t)) (chapter 11, step 5)");
ATTN_MISTAKE(adam_v_of_m_squared, "adam_step",
             "v averaged the square of m instead of the square of the gradient: v = beta2 v + (1 - "
             "beta2) g^2 is the running mean of g * g, entry by entry (grad % grad), not of the "
             "running mean m squared (chapter 11, step 5)");
ATTN_MISTAKE(adam_epsilon_of_its_own, "adam_step",
             "the code used an epsilon of its own (a constant such as 1e-8) instead of c.epsilon: the "
             "caller chooses epsilon in the AdamConstants passed in, and with a large one (0.01 "
             "here) the steps differ; write sqrt(v_hat) + c.epsilon (chapter 11, step 5)");
ATTN_MISTAKE(learning_rate_max_instead_of_min, "learning_rate",
             "the schedule took the larger of t / warmup and sqrt(warmup / t): it starts huge and "
             "never goes below the peak; the smaller one (std::min) is the warm-up before the "
             "peak and the decay after it (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_warmup_without_decay, "learning_rate",
             "after the warm-up the rate stayed at the peak: the 2017 schedule goes on with peak "
             "* sqrt(warmup / t), down with the inverse square root of the step (chapter 11, step "
             "6)");
ATTN_MISTAKE(learning_rate_counts_from_zero, "learning_rate",
             "the schedule is one step late: it used t - 1 (everywhere, or in the rise t / "
             "warmup, or as a ramp (t - 1) / (warmup - 1) from 0), so the first step got a rate "
             "of 0; t is already 1 on the first step, the rise is peak t / warmup, and the peak "
             "comes at t = warmup (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_integer_division, "learning_rate",
             "t / warmup or warmup / t was an integer division (both are long): t / warmup is 0 "
             "for every t below the warm-up, and warmup / t is 0 after it (a decay written "
             "peak / sqrt(t / warmup) sees only whole steps); a double that receives t / "
             "warmup is too late, as the division has already dropped the fraction: convert to "
             "double before dividing (chapter 11, step 6)");
ATTN_MISTAKE(softmax_backward_whole_matrix_dot, "softmax_rows_backward attention_backward",
             "one dot product of the whole matrices (arma::dot(A, dA) or accu(A % dA)) was "
             "subtracted from every row; each row of softmax_rows has its own budget, so row i "
             "subtracts its own A_i . dA_i: arma::sum(A % dA, 1) with .each_col() (chapter 11)");
ATTN_MISTAKE(attention_backward_scale_by_sqrt_d_v, "attention_backward",
             "dS was divided by sqrt(d_v) (V.n_cols); the forward pass divided the scores by "
             "sqrt(d_k), the width of the queries and keys (K.n_cols), so the backward pass "
             "divides by sqrt(d_k) too (chapter 11)");
ATTN_MISTAKE(attention_backward_scale_on_one_side, "attention_backward",
             "the 1 / sqrt(d_k) reached only one of dQ and dK: forward was S = Q K^T / sqrt(d_k), "
             "so both dQ = dS K and dK = dS^T Q carry it; divide dS once, before both products "
             "(chapter 11)");
ATTN_MISTAKE(cross_entropy_shift_not_added_back, "cross_entropy",
             "the loss is off by the row maximum m: with the shift, log sum_j exp(z_j) = m + log "
             "sum_j exp(z_j - m), so -log p_t = m + log sum exp(z - m) - z_t; the m taken out "
             "must be added back (not left out, not subtracted) (chapter 11, step 2)");
ATTN_MISTAKE(cross_entropy_divided_by_entries, "cross_entropy",
             "the loss and its gradient were divided by the wrong count: by n (logits.n_cols, the "
             "vocabulary) or by every entry (T n, logits.n_elem) instead of the T rows; "
             "cross-entropy is the mean over the tokens of each row's loss, so divide by "
             "logits.n_rows (chapter 11, step 1)");
ATTN_MISTAKE(numeric_gradient_operator_precedence, "numeric_gradient",
             "the difference was divided by 2 and then multiplied by h: in C++ (up - down) / 2 * "
             "h means ((up - down) / 2) * h; the central difference divides by the whole step, "
             "(up - down) / (2 * h) (chapter 11, step 3)");
ATTN_MISTAKE(adam_bias_correction_t_minus_one, "adam_step",
             "the corrections used beta^(t - 1): on the first step 1 - beta^0 = 0 and the "
             "division gives inf and NaN; after t steps starting from 0 the running averages have "
             "gathered the weight 1 - beta^t, with t = 1 on the first step (chapter 11, step 5)");
ATTN_MISTAKE(adam_v_without_square, "adam_step",
             "v averaged the gradient instead of its square: v = beta2 v + (1 - beta2) g^2, the "
             "running mean of g * g, whose square root is the gradient's typical size (without "
             "the square it goes negative and its square root is NaN) (chapter 11, step 5)");
ATTN_MISTAKE(adam_step_ascends, "adam_step",
             "W moved up the gradient (W += ...): the update goes against the gradient to lower "
             "the loss, W -= lr m_hat / (sqrt(v_hat) + epsilon) (chapter 11, step 5)");
ATTN_MISTAKE(adam_v_not_corrected, "adam_step",
             "v was not bias-corrected: like m it starts at 0, so it is divided by 1 - beta2^t "
             "before its square root, v_hat = v / (1 - beta2^t); without that the early steps "
             "come out too large (chapter 11, step 5)");
ATTN_MISTAKE(adam_mean_without_one_minus_beta, "adam_step",
             "a new gradient entered a running average with weight 1 instead of 1 - beta: m = "
             "beta1 m + (1 - beta1) g and v = beta2 v + (1 - beta2) g^2 are running means; "
             "without the factor they grow about ten (m) or fifty (v) times too large (chapter "
             "11, step 5)");
ATTN_MISTAKE(learning_rate_decay_inverted, "learning_rate",
             "after the warm-up the rate grew: the decay is peak * sqrt(warmup / t), which falls "
             "as t grows; sqrt(t / warmup) is its inverse (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_decay_without_warmup, "learning_rate",
             "the decay was peak / sqrt(t), without the warm-up length: scaled to peak at the end "
             "of the warm-up, the 2017 schedule decays as peak * sqrt(warmup / t), so that both "
             "branches meet at t = warmup (chapter 11, step 6)");
ATTN_MISTAKE(softmax_backward_dot_not_reset, "softmax_rows_backward attention_backward",
             "the dot product A_i . dA_i was not set back to 0 for each row, so row i subtracted "
             "the running total of rows 0 to i: start the sum afresh inside the loop over rows "
             "(double dot = 0; for each i), or take every row's at once with arma::sum(A % dA, 1) "
             "(chapter 11)");
ATTN_MISTAKE(attention_backward_scale_multiplied, "attention_backward",
             "dS was multiplied by sqrt(d_k) instead of divided by it: the forward pass divided "
             "the scores by sqrt(d_k), and a constant factor reaches the gradient unchanged, so "
             "dS / sqrt(d_k) before dQ = dS K and dK = dS^T Q (chapter 11)");
ATTN_MISTAKE(attention_backward_scale_by_sequence_length, "attention_backward",
             "dS was divided by the square root of a length, sqrt(K.n_rows) (L_K, the number of "
             "keys) or sqrt(Q.n_rows) (L_Q); the forward pass divided the scores by sqrt(d_k), "
             "the width of the queries and keys, K.n_cols, so the backward pass divides by that "
             "(chapter 11)");
ATTN_MISTAKE(attention_backward_dq_transposed, "attention_backward",
             "dQ was computed as dS^T K; from S = Q K^T the gradient at Q is dS K (dS is L_Q x "
             "L_K, K is L_K x d_k), one row per query (chapter 11)");
ATTN_MISTAKE(attention_backward_q_and_k_swapped, "attention_backward",
             "the gradient at Q or at K took the wrong one of the two as its factor (dQ = dS Q, "
             "or dK = dS^T K): from S = Q K^T, the gradient at Q multiplies dS by the KEYS, dQ = "
             "dS K, and the gradient at K multiplies dS^T by the QUERIES, dK = dS^T Q (chapter "
             "11)");
ATTN_MISTAKE(attention_backward_da_transposed, "attention_backward",
             "dA was computed as V dZ^T, the transpose of the right one: from Z = A V, dA = dZ "
             "V^T, with one row per query and one column per key like A (chapter 11)");
ATTN_MISTAKE(attention_backward_masks_gradient, "attention_backward",
             "dS was cut to its lower triangle (arma::trimatl(dS)), a causal mask of its own: "
             "attention_backward is given no mask and needs none, since a key the forward pass "
             "hid has weight 0 in A and softmax_rows_backward already gives it a gradient of 0; "
             "leave dS as it is (trimatl also throws unless L_Q = L_K) (chapter 11)");
ATTN_MISTAKE(attention_backward_dot_subtracted_by_row, "attention_backward",
             "the rows' dot products arma::sum(A % dA, 1), one per query (a column), were "
             "subtracted with .each_row() (transposed to fit), so entry (i, j) lost row j's dot "
             "product instead of row i's (and Armadillo refuses it unless L_Q = L_K): subtract "
             "the column with dS.each_col() (chapter 11)");
ATTN_MISTAKE(attention_backward_recomputes_weights, "attention_backward",
             "the weights were computed again from Q and K instead of using the A passed in: the "
             "forward pass may have masked some keys (a causal or a padding mask), which Q and K "
             "alone cannot know; use A as given (chapter 11)");
ATTN_MISTAKE(cross_entropy_onehot_not_divided, "cross_entropy",
             "the one-hot was subtracted after the division by T, so the target's entry came out "
             "as p_t / T - 1 instead of (p_t - 1) / T: subtract 1 at column targets[r] first, "
             "then divide the whole of dlogits by T (chapter 11, step 1)");
ATTN_MISTAKE(cross_entropy_integer_division, "cross_entropy",
             "1 / T with T an arma::uword (logits.n_rows) is an integer division, 0 for every T "
             "above 1, so the mean came out as 0: divide by static_cast<double>(T), or write 1.0 "
             "/ T (chapter 11)");
ATTN_MISTAKE(numeric_gradient_second_point_not_moved, "numeric_gradient",
             "the second evaluation was at W itself: after at(i) += h, at(i) -= h brings the "
             "entry back to W(i), not to W(i) - h, so (f(W + h e_i) - f(W)) / 2h is half a "
             "one-sided difference; set at(i) = W(i) - h (or subtract 2 * h) before the second "
             "call (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_moves_every_entry, "numeric_gradient",
             "every entry was moved at once (loss(W + h) adds h to all of them), so each entry of "
             "G came out as the sum of all the partial derivatives; move entry i alone: copy W, "
             "change at(i), evaluate, and put it back (chapter 11, step 3)");
ATTN_MISTAKE(numeric_gradient_loop_misses_entries, "numeric_gradient",
             "the loop over the entries stopped early (or started at 1), so the entries it never "
             "reached kept a gradient of 0: at(i) with one index counts every entry of W, column "
             "after column, 0 .. W.n_elem - 1, so the loop runs from i = 0 while i < W.n_elem (W.n_rows or W.n_cols only reaches the first "
             "column or so); or loop over r < W.n_rows and c < W.n_cols with at(r, c) (chapter "
             "11, step 3)");
ATTN_MISTAKE(adam_average_weights_traded, "adam_step",
             "a running average gave the old value the weight 1 - beta and the new gradient beta: "
             "an average that forgets slowly keeps most of what it had, m = beta1 m + (1 - beta1) "
             "g and v = beta2 v + (1 - beta2) g^2 (chapter 11)");
ATTN_MISTAKE(adam_v_corrected_outside_sqrt, "adam_step",
             "v's bias correction divided its square root, sqrt(v) / (1 - beta2^t), where it "
             "divides v itself: v_hat = v / (1 - beta2^t), then sqrt(v_hat); outside the root it "
             "corrects by the square of what it should (chapter 11)");
ATTN_MISTAKE(adam_betas_swapped, "adam_step",
             "beta1 and beta2 were mixed up: beta1 (0.9 by default) belongs to m, the mean of the "
             "gradient, and beta2 (0.98) to v, the mean of its square, both in the averages (m = "
             "beta1 m + (1 - beta1) g) and in their corrections (1 - beta1^t for m, 1 - beta2^t "
             "for v) (chapter 11, step 5)");
ATTN_MISTAKE(adam_moments_updated_after_step, "adam_step",
             "W was stepped with the m and v of the step before, and only then were they updated: "
             "Adam first folds the new gradient into m and v, then corrects them and steps W (at "
             "t = 1 the old m is 0, so W did not move at all) (chapter 11, step 5)");
ATTN_MISTAKE(adam_bias_correction_t_plus_one, "adam_step",
             "the corrections used beta^(t + 1), one step ahead: after t steps from 0 the running "
             "averages have gathered the weight 1 - beta^t, and t is already 1 on the first step: "
             "1 - std::pow(beta1, t) (chapter 11, step 5)");
ATTN_MISTAKE(adam_m_not_corrected, "adam_step",
             "m was not bias-corrected: it starts at 0 like v, so it is divided by 1 - beta1^t "
             "before the step, m_hat = m / (1 - beta1^t); without that the early steps come out "
             "far too small (the first about a tenth of the learning rate) (chapter 11, step 5)");
ATTN_MISTAKE(adam_corrected_moments_stored, "adam_step",
             "m and v were overwritten with their corrected values, so the next step averaged "
             "corrected numbers: m and v are the plain running averages carried from step to "
             "step; correct copies of them, m_hat = m / (1 - beta1^t) and v_hat = v / (1 - "
             "beta2^t), and step with those (chapter 11, step 5)");
ATTN_MISTAKE(adam_epsilon_outside_division, "adam_step",
             "epsilon was added to the step instead of to the denominator: lr * m_hat / "
             "sqrt(v_hat) + epsilon reads as (lr * m_hat / sqrt(v_hat)) + epsilon; write the "
             "brackets, lr * m_hat / (sqrt(v_hat) + epsilon) (chapter 11, step 5)");
ATTN_MISTAKE(adam_without_epsilon, "adam_step",
             "epsilon was left out: where a gradient has been 0 so far, m_hat and v_hat are 0 and "
             "0 / 0 is NaN; divide by sqrt(v_hat) + epsilon (chapter 11, step 5)");
ATTN_MISTAKE(adam_square_by_matrix_product, "adam_step",
             "grad * grad is Armadillo's matrix product, not the square of each entry: it throws "
             "for a W that is not square and mixes rows with columns when it is; square entry by "
             "entry with grad % grad or arma::square(grad) (chapter 11, step 5)");
ATTN_MISTAKE(adam_state_not_written_back, "adam_step",
             "W, m or v did not keep its new value: adam_step returns nothing, so the update must "
             "go into the matrices passed by reference (W -= ..., m = ..., v = ...), not into "
             "local copies that are lost when the call returns (chapter 11, step 5)");
ATTN_MISTAKE(adam_moments_reset_each_call, "adam_step",
             "m or v was set to 0 at the start of every call (m.zeros(), v.zeros(), or the old "
             "value not used in the average), so nothing carried over from the earlier steps: "
             "they start at 0 once, before the first step, by the caller; each call averages the "
             "m and v it is given, m = beta1 m + (1 - beta1) g (chapter 11, step 5)");
ATTN_MISTAKE(adam_step_uses_raw_gradient, "adam_step",
             "the step used the gradient itself instead of the corrected mean m_hat: W -= lr "
             "m_hat / (sqrt(v_hat) + epsilon), where m_hat = m / (1 - beta1^t) is the running "
             "mean that smooths the gradient (chapter 11, step 5)");
ATTN_MISTAKE(adam_bias_correction_power_misplaced, "adam_step",
             "the corrections were (1 - beta)^t instead of 1 - beta^t: the power belongs to beta "
             "alone, 1 - std::pow(beta1, t) and 1 - std::pow(beta2, t) (chapter 11, step 5)");
ATTN_MISTAKE(adam_bias_correction_beta_times_t, "adam_step",
             "the corrections used 1 - beta * t where 1 - beta^t belongs: right at t = 1 only; from "
             "t = 2 on 1 - 0.9 * t is 0 or below, so m_hat flips sign and a negative v_hat has no "
             "square root (NaN). beta^t is a power, 1 - std::pow(beta1, t) and 1 - std::pow(beta2, "
             "t) (chapter 11, step 5)");
ATTN_MISTAKE(adam_epsilon_before_correction, "adam_step",
             "epsilon was added to sqrt(v) before the correction (the paper's 'efficient' form, "
             "lr sqrt(1 - beta2^t) / (1 - beta1^t) m / (sqrt(v) + epsilon)); the contract adds it "
             "after correcting, sqrt(v_hat) + epsilon with v_hat = v / (1 - beta2^t), and the two "
             "differ once epsilon is not tiny (chapter 11, step 5)");
ATTN_MISTAKE(learning_rate_without_warmup, "learning_rate",
             "the warm-up is missing: the rate started at the peak (or above it) instead of "
             "rising from peak / warmup on the first step; the schedule is peak * std::min(t / "
             "warmup, std::sqrt(warmup / t)), whose first term is the linear rise (chapter 11, "
             "step 6)");
ATTN_MISTAKE(learning_rate_decay_not_square_root, "learning_rate",
             "after the warm-up the rate fell with another power of the step than the inverse "
             "square root: like 1 / t (peak * warmup / t), like (warmup / t)^1.5, or with "
             "another exponent; the 2017 schedule falls with the power 0.5, peak * "
             "std::sqrt(warmup / t), std::pow(warmup / t, 0.5) (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_paper_formula_unscaled, "learning_rate",
             "the paper's formula was used with peak in place of d_model^-0.5: peak * min(t^-0.5, "
             "t * warmup^-1.5) peaks at peak / sqrt(warmup), not at peak; scaled to peak at t = "
             "warmup it is peak * std::min(t / warmup, std::sqrt(warmup / t)) (chapter 11, step "
             "6)");
ATTN_MISTAKE(learning_rate_t_and_warmup_swapped, "learning_rate",
             "t and warmup swapped places: the rise is t / warmup (the step over the length of "
             "the warm-up) and the decay sqrt(warmup / t); with them swapped the rate rises like "
             "a square root and falls like 1 / t: peak * std::min(t / warmup, std::sqrt(warmup / "
             "t)) (chapter 11, step 6)");

ATTN_MISTAKE(learning_rate_peak_on_one_term, "learning_rate",
             "peak multiplied only one of the two terms (std::min(peak * t / warmup, std::sqrt(warmup "
             "/ t)), or the other one alone): the whole schedule is scaled by it, peak * std::min(t / "
             "warmup, std::sqrt(warmup / t)), both the rise and the decay, in brackets (chapter 11, "
             "step 6)");
ATTN_MISTAKE(learning_rate_product_not_min, "learning_rate",
             "the rise and the decay were multiplied, peak * (t / warmup) * sqrt(warmup / t), which "
             "is peak * sqrt(t / warmup), a rate that only grows: the schedule takes the smaller of "
             "the two, peak * std::min(t / warmup, std::sqrt(warmup / t)) (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_rise_one_step_early, "learning_rate",
             "the rise used t + 1 (steps counted from 0), so every warm-up rate was peak / warmup too "
             "high and the peak came one step early; t is already 1 on the first step, whose rate is "
             "peak / warmup: peak * t / warmup (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_rise_not_over_warmup, "learning_rate",
             "the warm-up rose as peak * t, t never divided by warmup (or, in the paper's form, "
             "t * warmup^-1.5 written with another power of warmup), so the rate shot past the "
             "peak at once and the decay took over early: the rise is peak * t / warmup, which "
             "meets the peak exactly at t = warmup (chapter 11, step 6)");
ATTN_MISTAKE(learning_rate_decay_restarted, "learning_rate",
             "the decay started afresh after the warm-up, peak / sqrt(t - warmup + 1), counting "
             "its own steps: the 2017 decay goes with the step t itself, peak * std::sqrt(warmup / "
             "t), which falls much more slowly and meets the rise at t = warmup (chapter 11, step "
             "6)");
ATTN_MISTAKE(learning_rate_decay_exponential, "learning_rate",
             "after the warm-up the rate fell exponentially, by the same factor every step (a "
             "std::exp or a std::pow of the step); the 2017 schedule falls with the inverse square "
             "root of the step, peak * std::sqrt(warmup / t) (chapter 11, step 6)");

}  // namespace attn_test::mistakes
