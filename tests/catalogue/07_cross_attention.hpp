// 07_cross_attention.hpp: the mistakes first met in chapter 07 (cross_attention), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(scale_by_sqrt_d_model, "cross_attention self_attention",
             "the scores were divided by sqrt(d_model), the width of X (in place of sqrt(d_k), or "
             "on top of it: Q scaled by 1 / sqrt(d_model) before scaled_dot_product_attention, "
             "which divides by sqrt(d_k) itself); the divisor is sqrt(d_k) alone, "
             "the width of one key after W_k, and the two differ as soon as the projection "
             "narrows X (chapter 05)");
ATTN_MISTAKE(causal_mask_fixed_size, "causal_mask",
             "the mask was cut from one made once at a fixed size ({}): a longer sequence ran "
             "past its end and Armadillo refused; the contract takes any L, so make the L x L "
             "mask on every call (arma::mat M(L, L, arma::fill::zeros), then -inf where j > i) "
             "(chapter 07)");
ATTN_MISTAKE(causal_mask_hides_diagonal, "causal_mask",
             "the diagonal was masked too; token i may always look at itself, so only keys j > i "
             "get -infinity (chapter 07)");
ATTN_MISTAKE(causal_mask_shows_next, "causal_mask",
             "the key right after each query (j = i + 1) was left visible; every j > i lies in "
             "the future and gets -infinity (chapter 07)");
ATTN_MISTAKE(causal_mask_wrong_triangle, "causal_mask",
             "the wrong triangle was hidden: -infinity went below the diagonal (j < i, the past; "
             "or on and below it, j <= i, as arma::trimatl of a matrix of -infinity does) instead of "
             "above it (j > i, the future); row i must see keys 0 .. i and only those (chapter 07)");
ATTN_MISTAKE(mask_small_finite_value, "causal_mask",
             "the hidden keys got a small finite number ({}) instead of -infinity: a mask is added "
             "to the scores, so -1 only lowers a score by 1 and the future key still gets a "
             "weight; only -infinity makes its weight exactly 0: M(i, j) = -arma::datum::inf for "
             "j > i (chapter 07)");
ATTN_MISTAKE(projection_role_swapped, "self_attention multi_head_attention cross_attention",
             "a projection used another role's weight matrix (queries from W_k, keys from W_q, "
             "values from W_k or W_q: a line copied and one name not changed, in the projection or "
             "where its result is used, as split_heads(K) for split_heads(V)): each role has its own, "
             "Q = X W_q, K = X W_k and V = X W_v, and that is what lets a word ask for something "
             "other than what it offers (chapters 02 and 07)");
ATTN_MISTAKE(scores_from_unprojected_x, "self_attention cross_attention",
             "the scores compared unprojected rows (X X^T, or one of Q and K left as X itself; in "
             "cross-attention X_dec H_enc^T): a score is q_i . k_j with Q = X W_q and K = X W_k, "
             "two different projections (chapters 02 and 07)");
ATTN_MISTAKE(cross_attention_roles_swapped, "cross_attention decoder_block multi_head_attention",
             "the queries came from the encoder and the keys and values from the decoder; the "
             "decoder asks (Q = X_dec W_q) and the encoder answers (K and V from H_enc), one "
             "output row per decoder token (chapter 07)");
ATTN_MISTAKE(mask_zero_one_pattern, "causal_mask",
             "the mask held 1s and 0s (a yes/no pattern) instead of 0 and -infinity: a mask is "
             "added to the scores, so a key that may be seen gets 0 and a forbidden one "
             "-infinity: M(i, j) = -arma::datum::inf for j > i, 0 elsewhere (chapter 07)");
ATTN_MISTAKE(values_not_projected, "self_attention cross_attention",
             "the values were the input rows themselves (V = X, or V = H_enc), without W_v: each "
             "role has its own projection, V = X * W_v (in cross-attention H_enc * W_v), so the "
             "output is L x d_v (chapters 02 and 07)");
ATTN_MISTAKE(cross_attention_wrong_source, "cross_attention",
             "{} came from the wrong sequence: the decoder asks and the encoder answers, so Q = "
             "X_dec * W_q while K = H_enc * W_k and V = H_enc * W_v, which gives one output row "
             "per decoder token and one weight per encoder token; with only one of K and V from "
             "X_dec the two differ in length wherever the sequences do, and "
             "scaled_dot_product_attention refuses them (chapter 07)");
ATTN_MISTAKE(self_attention_masked, "self_attention",
             "the causal mask was applied, but self_attention lets every token look at every "
             "other: its contract has no mask, so call scaled_dot_product_attention(Q, K, V) "
             "without one; hiding the future belongs to masked_attention and to the decoder "
             "(chapter 07)");
ATTN_MISTAKE(mask_plus_infinity, "causal_mask",
             "the hidden keys got +infinity instead of -infinity: a score of +infinity would take "
             "the whole weight (and inf - inf is NaN), while -infinity gives a weight of exactly "
             "0; write -arma::datum::inf, or -std::numeric_limits<double>::infinity(), with the "
             "minus (chapter 07)");
ATTN_MISTAKE(mask_zero_times_infinity, "causal_mask",
             "the mask was a 0/1 pattern multiplied by -infinity, but 0 * -infinity is NaN, not "
             "0, so the keys that may be seen got NaN; set only the hidden entries, M(i, j) = "
             "-arma::datum::inf for j > i, and leave the others at 0 (chapter 07)");
ATTN_MISTAKE(causal_mask_trimatu_out_of_bounds, "causal_mask",
             "arma::trimatu(M, 1) (or arma::trimatl(M, -1)) refused a mask of fewer than 2 rows: "
             "the diagonal k = 1 lies outside a 1x1 or 0x0 matrix, and Armadillo throws; "
             "causal_mask(1) is the single entry 0 and causal_mask(0) is empty, so give L < 2 a "
             "case of its own, or write the -infinity entries with two loops (chapter 07)");
ATTN_MISTAKE(causal_mask_length_zero_refused, "causal_mask",
             "causal_mask(0) was refused, but a sequence of no tokens has a mask of no entries: "
             "causal_mask(0) is the 0x0 matrix, and the contract refuses no length (a check such "
             "as if (L == 0) throw, or L < 1, is one too many); arma::mat M(L, L, "
             "arma::fill::zeros) is already 0x0 for L = 0, and the loops over it do nothing "
             "(chapter 07)");
ATTN_MISTAKE(causal_mask_hides_the_past, "causal_mask",
             "only the diagonal was left visible, so each token also lost the tokens before it: "
             "the keys j < i are the past and may be seen, only j > i is hidden. With "
             "arma::uword, j - i > 0 holds for every j != i (j - i wraps round below 0), so "
             "compare the indices themselves, j > i (chapter 07)");
ATTN_MISTAKE(mask_minus_infinity_refused, "masked_attention",
             "a mask holding -infinity was refused, but -infinity is how a mask says a key is "
             "hidden: allow it with the last argument of require_finite, require_finite(fn, name, "
             "mask, /*allow_minus_inf=*/true), which still refuses NaN and +infinity (chapter 07)");
ATTN_MISTAKE(scale_by_query_count, "cross_attention masked_attention",
             "the scores were divided by the square root of the number of queries (Q.n_rows, the "
             "decoder's length in cross-attention); the divisor is sqrt(d_k), the width of one "
             "key, K.n_cols (chapters 04 and 07)");
ATTN_MISTAKE(mask_seen_keys_one, "causal_mask",
             "the keys that may be seen got 1 instead of 0: a mask is added to the scores, and "
             "only 0 leaves a score as it is; start from arma::zeros(L, L) (or arma::fill::zeros) "
             "and put -infinity only where j > i (chapter 07)");
ATTN_MISTAKE(projection_check_wrong_dimension, "self_attention cross_attention multi_head_attention",
             "an input's shape was checked on the wrong dimension (its rows, the number of "
             "tokens, against W's rows, or its width against W's columns), so inputs that fit "
             "were refused: X W needs X's width to be W's height, X.n_cols == W_q.n_rows "
             "(d_model), and the same for W_k and W_v; the number of tokens is free (chapters 02 "
             "and 07)");
ATTN_MISTAKE(encoder_checked_as_decoder, "cross_attention",
             "the heights of W_k and W_v were checked against X_dec (a self_attention check "
             "copied with X renamed X_dec): keys and values are projected from the encoder, so "
             "the checks are H_enc.n_cols == W_k.n_rows and H_enc.n_cols == W_v.n_rows, naming "
             "H_enc; only W_q is checked against X_dec (chapter 07)");
ATTN_MISTAKE(decoder_encoder_lengths_tied, "cross_attention multi_head_attention decoder_block",
             "the decoder and the encoder were required to be equally long (X_dec.n_rows == "
             "H_enc.n_rows): each of the L_dec queries may read any number L_enc of encoder "
             "tokens (a 7-token translation of a 12-token source), so the weights are L_dec x "
             "L_enc; the rules are about widths only, X_dec.n_cols == W_q.n_rows, H_enc.n_cols "
             "== W_k.n_rows == W_v.n_rows and W_q.n_cols == W_k.n_cols (chapter 07)");
ATTN_MISTAKE(empty_mask_taken_as_no_mask, "masked_attention",
             "an empty mask (0x0) was let through as \"no mask\", its shape check skipped when "
             "mask.is_empty(): that is scaled_dot_product_attention's convention, but "
             "masked_attention insists on a mask, so its shape is checked whatever it is, "
             "require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, ...) with no if "
             "around it (chapter 07)");
ATTN_MISTAKE(causal_mask_hides_only_next, "causal_mask",
             "only the key right after each query (j == i + 1, the first superdiagonal) got "
             "-infinity: every later key is the future too, so M(i, j) = -infinity for every "
             "j > i, not just the next one (chapter 07)");
ATTN_MISTAKE(causal_mask_hides_the_far_past, "causal_mask",
             "the keys far enough before each query were hidden too (a window: j + w <= i as well "
             "as j > i); a causal mask hides only the future, so every key j <= i stays 0, however "
             "far back (chapter 07)");
ATTN_MISTAKE(causal_mask_loop_one_short, "causal_mask",
             "a loop that writes the -infinity entries stopped one short (k < L - 1 over the "
             "diagonals, j < L - 1 over the keys, or i < L - 2 over the queries), so part of the "
             "future was left 0 (the top-right corner, the last key's column): the hidden entries "
             "are every j from i + 1 to L - 1, for every query i (chapter 07)");
ATTN_MISTAKE(causal_mask_not_zero_filled, "causal_mask",
             "the matrix was made with M.set_size(L, L) (or arma::fill::none) and only the "
             "-infinity entries were written: set_size leaves the memory as it was, so the entries "
             "on and below the diagonal hold leftovers; start from arma::mat M(L, L, "
             "arma::fill::zeros), or M.zeros(L, L) (chapter 07)");
ATTN_MISTAKE(mask_added_twice, "masked_attention",
             "the mask was added twice: to the scores by hand and again by the function they were "
             "handed to (masked_softmax or scaled_dot_product_attention with the mask), so each "
             "finite entry counts double; add it in one place only (chapters 06 and 07)");
ATTN_MISTAKE(mask_shape_checked_in_one_size, "masked_attention",
             "the mask's shape check let through a mask with only one of its two sizes right ({}): "
             "the check must hold both at once, mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows "
             "(an || passes the mask when either matches, and a check of the rows alone never "
             "looks at the columns) (chapter 07)");
ATTN_MISTAKE(keys_and_values_swapped, "self_attention cross_attention",
             "the keys and the values traded places: K was projected with W_v and V with W_k (or "
             "the primitive was called as scaled_dot_product_attention(Q, V, K)); the scores "
             "compare queries with keys, K = X W_k, and the output mixes values, V = X W_v, so "
             "call scaled_dot_product_attention(Q, K, V) in that order (chapters 02 and 07)");
ATTN_MISTAKE(layer_input_added_to_output, "self_attention cross_attention",
             "the input was added to the attention's output (output = A V + X, a residual): an "
             "attention layer returns A V alone, L x d_v; the residual X + attention(X) belongs to "
             "the transformer block around it, met in chapter 10 (chapter 07)");
ATTN_MISTAKE(mask_replaced_by_causal, "masked_attention",
             "the caller's mask was checked and then replaced: causal_mask(Q.n_rows) was handed to "
             "scaled_dot_product_attention instead of `mask`. masked_attention applies whatever mask "
             "it is given (a padding mask, a cross-attention's L_Q x L_K one, finite entries); pass "
             "it on as it is: scaled_dot_product_attention(Q, K, V, mask) (chapter 07)");
ATTN_MISTAKE(result_fields_swapped, "self_attention cross_attention masked_attention",
             "the result's two fields traded places: .weights holds A V (L_Q x d_v) and .output "
             "holds A (L_Q x L_K), as from return {Z, A} where AttentionResult lists weights "
             "first; fill them by name, r.weights = A and r.output = A V, or return {A, A V} in "
             "the order the struct declares them (chapter 07)");
}  // namespace attn_test::mistakes
