// 10_transformer_blocks.hpp: the mistakes first met in chapter 10 (transformer_blocks), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(layer_norm_over_columns, "layer_norm",
             "the mean or the variance was taken down each column (over the tokens); layer norm "
             "works along each row, one token's own features: the mean and variance of row r are "
             "over its d_model columns. arma::mean(X) and arma::var(X) work down the columns "
             "unless given the dimension, arma::mean(X, 1) and arma::var(X, 1, 1) (note that "
             "arma::var(X, 1) means norm_type 1, still down the columns) (chapter 10)");
ATTN_MISTAKE(layer_norm_sample_variance, "layer_norm",
             "the variance was divided by d_model - 1; layer norm uses the population variance, "
             "the plain mean of the squared deviations (divided by d_model). In Armadillo, "
             "arma::var and arma::stddev divide by n - 1 unless norm_type is 1: arma::var(X, 1, "
             "1) (chapter 10)");
ATTN_MISTAKE(layer_norm_eps_outside_sqrt, "layer_norm",
             "eps was added after the square root, (x - mean) / (sqrt(var) + eps); it belongs "
             "inside, (x - mean) / sqrt(var + eps), and inv_std is 1 / sqrt(var + eps) (chapter "
             "10)");
ATTN_MISTAKE(layer_norm_without_gain_bias, "layer_norm",
             "the output is xhat itself: gain and bias were left out. y = gain % xhat + bias, "
             "column c of every row times gain(c) plus bias(c), which in Armadillo is .each_row() "
             "%= gain, then .each_row() += bias (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_without_mean_term, "layer_norm_backward",
             "dX lacks the term - mean(dxhat): every entry of a row moves the row's mean, which "
             "all of its entries subtract, so each row of dX must sum to 0 (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_without_variance_term, "layer_norm_backward",
             "dX lacks the term - xhat % mean(dxhat % xhat): every entry of a row also moves the "
             "row's variance, which rescales all of its entries (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_gain_left_out, "layer_norm_backward",
             "the gain did not enter where it belongs: the forward pass multiplied xhat by gain, "
             "so the gradient arriving at xhat is dxhat = dY % gain (dxhat.each_row() %= gain), "
             "and dX is built from dxhat throughout, its first term and both of its means; dY in "
             "its place, or gain applied only to the end result, is wrong (chapter 10)");
ATTN_MISTAKE(feed_forward_without_relu, "feed_forward",
             "the relu is missing: the hidden layer is relu(X W_1 + b_1), its negative entries "
             "set to 0 (H.clamp(0.0, arma::datum::inf)), and y = H W_2 + b_2 reads that H; "
             "without it (or with y computed from the hidden layer before its relu) the two "
             "products collapse into one linear map (chapter 10)");
ATTN_MISTAKE(feed_forward_relu_on_output, "feed_forward",
             "the relu was applied to the output: the layer is relu(X W_1 + b_1) W_2 + b_2, the "
             "relu on the hidden layer only, and its output keeps its negative values (chapter "
             "10)");
ATTN_MISTAKE(feed_forward_without_b1, "feed_forward",
             "b_1 was left out: the hidden layer is relu(X W_1 + b_1), with b_1 added to every "
             "row before the relu (.each_row() += b_1) (chapter 10)");
ATTN_MISTAKE(block_residual_left_out, "decoder_block encoder_block",
             "a sub-layer's input was not added back before its norm: each sub-layer is "
             "layer_norm(x + sublayer(x)), for example layer_norm(X + att), not layer_norm(att); "
             "the residual keeps each token's own row and gives the gradient a path that skips "
             "the sub-layer (chapter 10)");
ATTN_MISTAKE(block_pre_norm, "decoder_block encoder_block",
             "the norm came before the sub-layer (pre-norm, x + sublayer(layer_norm(x))); this "
             "course's blocks are post-norm, as in the 2017 paper: layer_norm(x + sublayer(x)), "
             "the sum first, then the norm (chapter 10)");
ATTN_MISTAKE(encoder_masked_self_attention, "encoder_block",
             "the encoder's self-attention was given the causal mask; the encoder reads the whole "
             "source at once, so every token may look at every other. Only the decoder's "
             "self-attention is causal (chapter 10)");
ATTN_MISTAKE(decoder_without_causal_mask, "decoder_block",
             "the decoder's self-attention had no mask, so each row also read the tokens after "
             "it; pass causal_mask(Y.n_rows) to the first multi_head_attention (chapters 07 and "
             "10)");
ATTN_MISTAKE(decoder_cross_reads_decoder, "decoder_block",
             "the cross-attention took its keys and values from the decoder's own rows instead of "
             "H_enc: it is multi_head_attention(H1, H_enc, ...), queries from the decoder, keys "
             "and values from the encoder (chapters 07 and 10)");
ATTN_MISTAKE(layer_norm_without_eps, "layer_norm",
             "eps was left out: xhat = (x - mean) / sqrt(var + eps), and without eps a row whose "
             "entries are all equal (variance 0) becomes 0 / 0 = NaN; inv_std is 1 / sqrt(var + "
             "eps) (chapter 10)");
ATTN_MISTAKE(layer_norm_without_sqrt, "layer_norm",
             "the rows were divided by var + eps instead of its square root: the standard "
             "deviation is sqrt(var + eps), so inv_std = 1 / arma::sqrt(var + eps) and each row "
             "ends with variance about 1 (chapter 10)");
ATTN_MISTAKE(layer_norm_gain_bias_swapped, "layer_norm encoder_block decoder_block",
             "gain and bias were swapped: y = gain % xhat + bias, the gain multiplies xhat and "
             "the bias is added after it (chapter 10)");
ATTN_MISTAKE(layer_norm_one_weight_twice, "layer_norm",
             "one of the two weights stood in both places: {} (a line copied and not renamed); y = "
             "gain % xhat + bias, each row of xhat times the gain, then the bias added, e.g. "
             "y.each_row() %= gain; y.each_row() += bias (chapter 10)");
ATTN_MISTAKE(layer_norm_inv_std_not_inverted, "layer_norm",
             "inv_std holds sqrt(var + eps), the standard deviation itself; it is kept as its "
             "inverse, 1 / sqrt(var + eps), which is what xhat multiplies by and what the "
             "backward pass expects (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_param_grads_over_features, "layer_norm_backward",
             "dgain and dbias were summed along each row (over the features) instead of down each "
             "column (over the tokens): gain(c) multiplies column c of every row, so its gradient "
             "adds up column c, arma::sum(dY % xhat, 0) and arma::sum(dY, 0), 1 x d_model "
             "(chapter 10)");
ATTN_MISTAKE(layer_norm_backward_without_inv_std, "layer_norm_backward",
             "dX lacks the factor inv_std: forward was xhat = (x - mean) * inv_std, so every "
             "entry of row r's gradient is multiplied by inv_std(r) on its way back "
             "(dX.each_col() %= inv_std) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_sum_not_mean, "layer_norm_backward",
             "the two subtracted terms were not the row means: dX_r = inv_std_r (dxhat_r - "
             "mean(dxhat_r) - xhat_r mean(dxhat_r % xhat_r)), each mean over row r's own d_model "
             "entries, so the row sums are divided by d_model (its number of columns): not left "
             "as sums, nor divided by T or by d_model - 1 (these are plain means, not a sample "
             "variance) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_mean_over_columns, "layer_norm_backward",
             "the means in dX were taken down the columns (over the tokens), or over every entry "
             "of the matrix (arma::accu(M) / M.n_elem); layer norm worked along each row, so "
             "mean(dxhat_r) and mean(dxhat_r % xhat_r) are over row r's own entries, one pair per "
             "row. arma::mean(M) and arma::sum(M) work down the columns: use arma::mean(M, 1) "
             "with .each_col() (chapter 10)");
ATTN_MISTAKE(feed_forward_sum_to_other_width, "feed_forward",
             "a product written as loops summed over the other product's width: H W_2 adds up "
             "d_ff terms, one per hidden unit (k < W_2.n_rows), and X W_1 adds up d_model terms (k "
             "< X.n_cols); a loop copied from the first product keeps the first bound, so the "
             "second leaves hidden units out (or the first reads past X's last column) "
             "(chapter 10)");
ATTN_MISTAKE(feed_forward_without_b2, "feed_forward",
             "b_2 was left out: the layer is relu(X W_1 + b_1) W_2 + b_2, with b_2 added to every "
             "output row (.each_row() += b_2) (chapter 10)");
ATTN_MISTAKE(feed_forward_relu_before_bias, "feed_forward",
             "the relu came before b_1 was added: the hidden layer is relu(X W_1 + b_1), the bias "
             "first, then the relu (chapter 10)");
ATTN_MISTAKE(feed_forward_hidden_before_relu, "feed_forward",
             "H was kept before the relu: the layer keeps H = relu(X W_1 + b_1), the hidden layer "
             "after the relu, which is what y = H W_2 + b_2 reads and what the backward pass "
             "needs (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_dbias_times_xhat, "layer_norm_backward",
             "dbias came out as dgain, the column sums of dY % xhat; forward was y = gain % xhat "
             "+ bias, and the bias enters without xhat, so dbias is the column sums of dY alone: "
             "arma::sum(dY, 0) (chapter 10)");
ATTN_MISTAKE(bias_added_without_each_row, "feed_forward",
             "a bias row (1 x width) was added to a whole matrix with + (or with .each_col(), or "
             "replicated as repmat(b, 1, T), which lays T copies side by side in one long row), "
             "which Armadillo refuses (incompatible dimensions): a bias is added to every row, "
             "M.each_row() += b, or + repmat(b, T, 1): T rows of one copy (chapter 10)");
ATTN_MISTAKE(block_residual_after_norm, "encoder_block decoder_block",
             "the input was added after the norm, x + layer_norm(sublayer(x)) (or added once more "
             "after it, x + layer_norm(x + sublayer(x))); a post-norm block adds first and "
             "normalises the sum, layer_norm(x + sublayer(x)), and adds nothing after, so its "
             "output rows have mean bias and spread gain (chapter 10)");
ATTN_MISTAKE(block_norm_then_add, "encoder_block decoder_block",
             "each sub-layer's input was normalised and its output added after, layer_norm(x) + "
             "sublayer(x): \"add & norm\" adds first and normalises the sum, layer_norm(x + "
             "sublayer(x)), with the sub-layer reading x itself (chapter 10)");
ATTN_MISTAKE(block_sublayer_result_lost, "encoder_block decoder_block",
             "the self-attention sub-layer ran, but its result never reached the next sub-layer, "
             "which read the block's input as if it had not run: most often a second declaration, "
             "`arma::mat H = layer_norm(...)` inside braces, an if or a loop, which makes a new H "
             "that hides the outer one and is gone at the closing brace. Assign the outer "
             "variable (H = ..., no type in front) and pass it on (chapter 10)");
ATTN_MISTAKE(block_ff_reads_block_input, "encoder_block decoder_block",
             "the feed-forward layer read the block's input, an earlier sub-layer's output or the "
             "sum before the last norm (X + att) instead of the output of the sub-layer just "
             "before it: each sub-layer works on the previous one's normalised result, "
             "feed_forward(H) with H = layer_norm(X + att), not feed_forward(X) nor "
             "feed_forward(X + att) (chapter 10)");
ATTN_MISTAKE(block_ff_hidden_layer_taken, "encoder_block decoder_block",
             "the feed-forward sub-layer's output was taken as feed_forward(...).H, the L x d_ff "
             "hidden layer after the relu (kept for the backward pass), so Armadillo refused to add "
             "it to the L x d_model residual; the layer's output is the field .y, L x d_model: "
             "layer_norm(H + feed_forward(H, ...).y, ...) (chapter 10)");
ATTN_MISTAKE(block_norm_weights_reused, "encoder_block decoder_block",
             "one norm's gain and bias were used for another: each sub-layer has its own layer "
             "norm, in order (the encoder: norm1 after the self-attention, norm2 after the "
             "feed-forward; the decoder: norm1, norm2 after the cross-attention, norm3 after the "
             "feed-forward), so each layer_norm call takes the w.normN of its own sub-layer "
             "(chapter 10)");
ATTN_MISTAKE(decoder_cross_uses_self_weights, "decoder_block",
             "the two attentions' weights were mixed up: the self-attention uses w.self and the "
             "cross-attention its own, w.cross: multi_head_attention(H1, H_enc, c.W_q, c.W_k, "
             "c.W_v, c.W_o, c.heads) with c = w.cross (chapter 10)");
ATTN_MISTAKE(decoder_cross_attention_masked, "decoder_block cross_attention",
             "the causal mask (or one built like it, -inf where key j > query i) was given to the "
             "cross-attention (in a decoder block, as well as or instead of the self-attention, "
             "which is the one that needs it): only the decoder's self-attention hides the future; every "
             "decoder token may read every encoder token, whose positions are not the decoder's, "
             "so the cross-attention takes no mask (and an L_dec x L_dec mask does not fit its "
             "L_dec x L_enc scores) (chapters 07 and 10)");
ATTN_MISTAKE(layer_norm_without_gain, "layer_norm",
             "the gain was left out: y = xhat + bias; y = gain % xhat + bias, column c of every "
             "row times gain(c) before bias(c) is added (.each_row() %= gain, then .each_row() += "
             "bias) (chapter 10)");
ATTN_MISTAKE(layer_norm_without_bias, "layer_norm",
             "the bias was left out: y = gain % xhat; y = gain % xhat + bias, bias(c) added to "
             "column c of every row (.each_row() += bias) (chapter 10)");
ATTN_MISTAKE(layer_norm_variance_not_centred, "layer_norm",
             "the variance was the mean of the squares, mean(x^2), without subtracting the row's "
             "mean first; it is the mean of the squared deviations, mean((x - mean)^2): centre "
             "the row, then square (arma::var(X, 1, 1) does both) (chapter 10)");
ATTN_MISTAKE(layer_norm_not_centred, "layer_norm",
             "xhat was x / sqrt(var + eps): the row's mean was never subtracted; xhat = (x - "
             "mean) / sqrt(var + eps), so every row of xhat has mean 0 (X.each_col() - mean) "
             "(chapter 10)");
ATTN_MISTAKE(layer_norm_backward_as_if_elementwise, "layer_norm_backward",
             "dX was dxhat % inv_std alone (the two subtracted terms left out, or written with "
             "(1 / d) for a d of unsigned integer type: integer division makes 1 / d zero, so "
             "both means vanish; write 1.0 / d), as if each entry were normalised on its own; but "
             "every entry of a row moves the row's mean and variance, which all its entries use, "
             "and that gives the two subtracted terms: dX_r = inv_std_r (dxhat_r - mean(dxhat_r) "
             "- xhat_r mean(dxhat_r % xhat_r)) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_inv_std_divided, "layer_norm_backward",
             "dX was divided by inv_std instead of multiplied: inv_std already is 1 / sqrt(var + "
             "eps), and forward was xhat = (x - mean) * inv_std, so the gradient is multiplied by "
             "it on its way back (dX.each_col() %= inv_std) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_inv_std_on_part, "layer_norm_backward",
             "inv_std multiplied only part of the bracket (inv_std * dxhat - mean(dxhat) - ..., a "
             "bracket closed too early or left out): it multiplies all three terms, dX_r = "
             "inv_std_r (dxhat_r - mean(dxhat_r) - xhat_r mean(dxhat_r % xhat_r)); then each row "
             "of dX sums to 0 (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_dgain_without_xhat, "layer_norm_backward",
             "dgain came out as dbias, the column sums of dY alone; forward was y = gain % xhat + "
             "bias, so gain(c) multiplies xhat(r, c), and dgain is the column sums of dY % xhat: "
             "arma::sum(dY % xhat, 0) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_param_grads_swapped, "layer_norm_backward",
             "dgain and dbias were swapped: dgain = arma::sum(dY % xhat, 0), because the gain "
             "multiplies xhat, and dbias = arma::sum(dY, 0), because the bias is added alone "
             "(chapter 10)");
ATTN_MISTAKE(feed_forward_relu_as_column_max, "feed_forward",
             "arma::max(H, 0) is not a relu: it gives each column's largest entry (one row, 1 x "
             "d_ff), so H lost its tokens; the relu compares every entry with 0, H.clamp(0.0, "
             "arma::datum::inf) or arma::max(H, arma::zeros(arma::size(H))) (chapter 10)");
ATTN_MISTAKE(block_norm_left_out, "decoder_block encoder_block",
             "a sub-layer's layer norm was left out: every sub-layer ends with one, layer_norm(x "
             "+ sublayer(x)) with its own gain and bias (norm1, norm2, and norm3 in the decoder), "
             "the last one included, so that each row leaves the block with mean bias and spread "
             "gain (chapter 10)");
ATTN_MISTAKE(block_residual_wrong_input, "decoder_block encoder_block",
             "a residual added back something other than its own sub-layer's input: each "
             "sub-layer adds the very matrix it read, layer_norm(H + feed_forward(H)), not "
             "layer_norm(X + feed_forward(H)); in the decoder the cross-attention adds H1 and the "
             "feed-forward layer H2 (chapter 10)");
ATTN_MISTAKE(decoder_mask_of_encoder_length, "decoder_block",
             "the causal mask was made for the encoder's length, causal_mask(H_enc.n_rows); the "
             "decoder's self-attention compares the decoder's own tokens, L_dec x L_dec, so it is "
             "causal_mask(Y.n_rows) (chapters 07 and 10)");
ATTN_MISTAKE(decoder_cross_queries_from_input, "decoder_block",
             "the cross-attention's queries came from Y, the block's input; they come from H1, "
             "the output of the first sub-layer: multi_head_attention(H1, H_enc, ...), so that "
             "each token asks the encoder with what its self-attention found (chapter 10)");
ATTN_MISTAKE(layer_norm_eps_hard_coded, "layer_norm",
             "eps was written as a number (1e-5, 1e-6, ...) instead of the parameter eps: the caller chooses "
             "it (the default is only a default), so use eps itself, 1.0 / arma::sqrt(var + eps) "
             "(chapter 10)");
ATTN_MISTAKE(layer_norm_backward_variance_term_without_xhat, "layer_norm_backward",
             "the variance's term lost one of its two xhat factors: it used mean(dxhat) where it "
             "needs mean(dxhat % xhat), or subtracted mean(dxhat % xhat) without the xhat_r in "
             "front; dX_r = inv_std_r (dxhat_r - mean(dxhat_r) - xhat_r mean(dxhat_r % xhat_r)): "
             "the variance moves each entry in proportion to its own xhat, and its share is the "
             "mean of the product (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_term_sign, "layer_norm_backward",
             "one of the two terms was added instead of subtracted: dX_r = inv_std_r (dxhat_r - "
             "mean(dxhat_r) - xhat_r mean(dxhat_r % xhat_r)), both with a minus sign, since the "
             "mean and the variance each take back some of every entry's gradient (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_means_swapped, "layer_norm_backward",
             "the mean's term subtracted mean(dxhat % xhat) (the two means swapped, or the "
             "product's mean used in both terms): dX_r = inv_std_r (dxhat_r - mean(dxhat_r) - "
             "xhat_r mean(dxhat_r % xhat_r)); the row's mean moves every entry alike, by "
             "mean(dxhat), and the variance moves each entry in proportion to its xhat, by xhat "
             "times mean(dxhat % xhat) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_sum_form_without_d, "layer_norm_backward",
             "dX was written with sums and 1 / d_model in front, inv_std / d_model (dxhat - "
             "sum(dxhat) - xhat sum(dxhat % xhat)), but dxhat was not multiplied by d_model: the "
             "1 / d_model turns the two sums into means and must leave dxhat whole, inv_std / "
             "d_model (d_model dxhat - sum(dxhat) - xhat sum(dxhat % xhat)) (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_matrix_product_in_mean, "layer_norm_backward",
             "the variance's mean was taken of a matrix product, dxhat * xhat.t() (or xhat * "
             "dxhat.t()), a T x T matrix whose row r pairs token r with every token: the mean "
             "wanted pairs each entry with its own xhat, entry by entry, mean(dxhat % xhat, 1), "
             "one value per row over its d_model features (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_gain_twice, "layer_norm_backward",
             "the gain was multiplied in twice: dxhat = dY % gain already carries it, so dX, "
             "built from dxhat, takes no further % gain, and dgain and dbias are taken of dY "
             "itself, arma::sum(dY % xhat, 0) and arma::sum(dY, 0), not of dxhat (chapter 10)");
ATTN_MISTAKE(block_sublayers_out_of_order, "decoder_block encoder_block",
             "the sub-layers came in another order: the encoder block is self-attention, then the "
             "feed-forward layer; the decoder block is causal self-attention, then "
             "cross-attention reading H_enc, then the feed-forward layer, each one reading the "
             "output of the one before (chapter 10)");
ATTN_MISTAKE(block_head_count_not_the_weights, "decoder_block encoder_block",
             "multi_head_attention was not given the weights' own head count: a number written "
             "in (heads = 1, or the example's 2), one attention over the whole projections, or "
             "w.self.heads for the cross-attention; pass w.self.heads to the self-attention and "
             "w.cross.heads to the cross-attention, since W_q, W_k and W_v are cut into that many "
             "heads, each divided by the square root of its own d_k (chapters 09 and 10)");
ATTN_MISTAKE(layer_norm_centred_backwards, "layer_norm",
             "each row was centred the wrong way round, mean - x, so xhat has the wrong sign: "
             "xhat = (x - mean) / sqrt(var + eps), the row's mean subtracted from each entry "
             "(X.each_col() - mean) (chapter 10)");
ATTN_MISTAKE(layer_norm_statistics_of_whole_matrix, "layer_norm",
             "one mean and one variance were taken over every entry of X (arma::accu(X) / X.n_elem, "
             "arma::var of the whole matrix), or a row's mean from the sum of every entry "
             "(arma::accu(X) / d_model, where arma::accu(X.row(r)) belongs); layer norm gives each "
             "row its own: the mean and "
             "variance of row r over its d_model entries, arma::mean(X, 1) and arma::var(X, 1, 1) "
             "(chapter 10)");
ATTN_MISTAKE(layer_norm_mean_sum_in_integer, "layer_norm",
             "a row's sum for the mean was kept in an int (int s = 0; s += X(r, c)): each += cuts the "
             "running sum to a whole number, so the mean is off and the row is not centred; keep "
             "the sum in a double (double s = 0.0), or take arma::mean(X.row(r)) (chapter 10)");
ATTN_MISTAKE(layer_norm_mean_absolute_deviation, "layer_norm",
             "the spread of a row was its mean absolute deviation, mean(|x - mean|), where the "
             "variance belongs, mean((x - mean)^2): square the deviations (arma::square, not "
             "arma::abs), then xhat = (x - mean) / sqrt(var + eps) (chapter 10)");
ATTN_MISTAKE(layer_norm_sum_skips_an_entry, "layer_norm layer_norm_backward",
             "a row's sum left out one of its entries, the first or the last (a column loop that "
             "started at 1 or stopped at d_model - 1), though it was still divided by d_model: "
             "the mean and the variance (in the backward pass, mean(dxhat) and mean(dxhat % "
             "xhat)) each sum all d_model columns, c from 0 while c < n_cols (chapter 10)");
ATTN_MISTAKE(layer_norm_divided_by_token_count, "layer_norm",
             "a row's sum was divided by X.n_rows (T, the number of tokens) where its own length "
             "belongs: the mean and the variance of row r are over its d_model entries, so "
             "divide by X.n_cols (chapter 10)");
ATTN_MISTAKE(layer_norm_divided_by_row_length, "layer_norm",
             "each centred row was divided by its length, sqrt(sum of (x - mean)^2) "
             "(arma::normalise(centred, 2, 1), or the sum of squares never divided by d_model), "
             "instead of its standard deviation sqrt(var + eps), var the mean of the squared "
             "deviations: the rows of xhat have length 1, not variance 1 (chapter 10)");
ATTN_MISTAKE(layer_norm_exponent_integer_division, "layer_norm",
             "inv_std came out 1 on every row, so the rows were only centred: an exponent written "
             "-1 / 2 (or 1 / 2) is an integer division, 0, and std::pow(v, 0) is 1; write "
             "std::pow(var + eps, -0.5) or 1.0 / std::sqrt(var + eps) (chapter 10)");
ATTN_MISTAKE(layer_norm_sums_not_reset, "layer_norm layer_norm_backward",
             "a row's sum (or sum of squares; in the backward pass, the sum of dxhat or of dxhat "
             "% xhat) was declared outside the loop over the rows and never set back to 0, so row "
             "r's statistics also count rows 0 .. r - 1: declare each sum inside the row loop, "
             "double sum = 0 for every row (chapter 10)");
ATTN_MISTAKE(layer_norm_kept_field_wrong, "layer_norm",
             "y is right but a field kept for the backward pass is not: {}; xhat holds the "
             "normalised rows (x - mean) * inv_std before gain and bias, and inv_std one entry "
             "1 / sqrt(var + eps) per row: fill every field of the result (chapter 10)");
ATTN_MISTAKE(layer_norm_y_from_centred_rows, "layer_norm",
             "y was made from the centred rows, gain % (x - mean) + bias, which were never "
             "divided by the standard deviation: y = gain % xhat + bias, from xhat = (x - mean) "
             "* inv_std (chapter 10)");
ATTN_MISTAKE(layer_norm_zero_variance_guard, "layer_norm",
             "a row of variance 0 (all its entries equal) was special-cased, if (var == 0) ...: "
             "its inv_std set to 0 (or 1) instead of 1 / sqrt(0 + eps); eps is what keeps that "
             "row finite, so no guard is needed: compute every row the same way, inv_std = 1 / "
             "sqrt(var + eps) (chapter 10)");
ATTN_MISTAKE(layer_norm_root_taken_twice, "layer_norm",
             "a square root was taken twice: 1 / sqrt(std + eps) of a standard deviation that is "
             "already the root of the variance (arma::stddev), or sqrt(sqrt(var + eps)); inv_std "
             "is 1 / sqrt(var + eps), one root, of the variance plus eps (chapter 10)");
ATTN_MISTAKE(layer_norm_indexed_by_row, "layer_norm feed_forward",
             "a row of one entry per column (gain, bias, b_1) was indexed by the row r (bias(r), "
             "b_1(i), b_1(i % b_1.n_elem)) where the column belongs: y(r, c) = gain(c) * xhat(r, c) "
             "+ bias(c), H(i, j) = relu(sum_k X(i, k) W_1(k, j) + b_1(j)); with more rows than "
             "columns the index even runs past the end (chapter 10)");
ATTN_MISTAKE(layer_norm_bias_inside_gain, "layer_norm",
             "the bias was added before the gain multiplied, y = gain % (xhat + bias), so every "
             "feature's bias came out scaled by its gain (gain(c) * bias(c)): the gain scales "
             "xhat alone and the bias is added after it, y = gain % xhat + bias, y(r, c) = "
             "gain(c) * xhat(r, c) + bias(c) (chapter 10)");
ATTN_MISTAKE(layer_norm_variance_cancels, "layer_norm",
             "the variance was computed in one pass as mean(x^2) - mean(x)^2: equal on paper, but "
             "for a row far from 0 (1e8 plus values of order 1) both terms are about 1e16 and "
             "their difference, the variance, is lost to rounding (0, or even below 0); take the "
             "row's mean first, then the mean of the squared deviations, mean((x - mean)^2), in a "
             "second pass (arma::var(X, 1, 1) does the same) (chapter 10)");
ATTN_MISTAKE(feed_forward_residual_added, "feed_forward",
             "y had the input X added to it, X + H W_2 + b_2: the residual belongs to the block "
             "around the layer (layer_norm(H + feed_forward(H))), which adds it itself; "
             "feed_forward returns y = H W_2 + b_2 alone (chapter 10)");
ATTN_MISTAKE(feed_forward_activation_not_relu, "feed_forward",
             "the hidden layer's activation was {}, not the relu max(0, z), which keeps "
             "every positive entry as it is and sets every negative one to 0: "
             "H.clamp(0.0, arma::datum::inf), or z > 0 ? z : 0.0 entry by entry (chapter 10)");
ATTN_MISTAKE(feed_forward_b1_twice, "feed_forward",
             "b_1 was added twice (once with the product and once more before the relu): the "
             "hidden layer is relu(X W_1 + b_1), b_1 added to every row once (chapter 10)");
ATTN_MISTAKE(feed_forward_loop_bound_of_another_size, "feed_forward",
             "a loop ran to the size of another dimension, T = X.n_rows where a width belongs "
             "(d_model in X W_1's inner sum, d_ff in the relu's column loop or in H W_2's inner "
             "sum), so some terms were never added or some hidden units never relu-ed: write each "
             "loop's bound as the size it counts, M.n_cols for a column index (chapter 10)");
ATTN_MISTAKE(feed_forward_relu_inside_sum, "feed_forward",
             "the relu was applied inside the product's loop, to the running sum at every step "
             "(h = max(0, h + x_k w_kj)), so a negative partial sum was cut before the later "
             "terms came: sum all of X W_1 + b_1 first, then apply the relu once to the total "
             "(chapter 10)");
ATTN_MISTAKE(block_norm_xhat_taken, "encoder_block decoder_block",
             "a norm's output was taken as layer_norm(...).xhat, the normalised rows kept for the "
             "backward pass, so its gain and bias were never applied: the norm's output is the "
             "field .y, gain % xhat + bias (chapter 10)");
ATTN_MISTAKE(block_sublayer_left_out, "encoder_block decoder_block",
             "a whole sub-layer was left out (the block returned before the feed-forward layer, "
             "or the decoder had no cross-attention): the encoder block is self-attention then "
             "feed-forward, the decoder block self-attention, cross-attention on H_enc, then "
             "feed-forward, each as layer_norm(x + sublayer(x)) with its own norm (chapter 10)");
ATTN_MISTAKE(block_attention_concat_taken, "encoder_block decoder_block",
             "an attention's output was taken as multi_head_attention(...).concat, the heads side "
             "by side before W_o (L x h d_v, which need not even be d_model wide): the sub-layer's "
             "output is the field .output, concat W_o (chapters 09 and 10)");
ATTN_MISTAKE(block_projection_roles_mixed, "encoder_block decoder_block",
             "an attention was called with its projections out of their places (W_q passed as the "
             "key projection too, W_q and W_k traded, W_k and W_v traded, or one of them passed "
             "twice): multi_head_attention(X_q, X_kv, a.W_q, a.W_k, a.W_v, a.W_o, a.heads), each "
             "matrix in its own place, so that the scores are Q K^T and the output mixes X_kv W_v; "
             "where d_v differs from d_k, a call with W_k and W_v out of place is refused "
             "(chapters 09 and 10)");
ATTN_MISTAKE(block_norm_eps_changed, "encoder_block decoder_block",
             "the norms were called with another eps than layer_norm's default 1e-5 (1e-3, 1e-6, "
             "...): the block's contract uses layer_norm(x, gain, bias) as it is, so leave eps to "
             "its default (chapter 10)");
ATTN_MISTAKE(decoder_causal_mask_built_wrong, "decoder_block",
             "the self-attention's mask was built wrong: {}; the causal mask is 0 where key j <= "
             "query i (the past and the token itself) and -inf where j > i (the future): "
             "causal_mask(Y.n_rows), added as it is (chapters 07 and 10)");

}  // namespace attn_test::mistakes
