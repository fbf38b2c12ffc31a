// 10_transformer_blocks.hpp: the mistakes first met in chapter 10 (transformer_blocks), each declared once
// (tests/support/catalogue.hpp says how).
#pragma once

#include "support/catalogue.hpp"

namespace attn_test::mistakes {

ATTN_MISTAKE(layer_norm_over_columns, "layer_norm",
             "each column was normalised down the tokens; layer norm works along each row, one "
             "token's own features: the mean and variance of row r are over its d_model columns. "
             "arma::mean(X) and arma::var(X) work down the columns unless given the dimension 1, "
             "as in arma::mean(X, 1) (chapter 10)");
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
             "dX was computed from dY instead of dxhat = dY % gain: the forward pass multiplied "
             "xhat by gain, so the gradient on its way back is multiplied by gain too "
             "(dxhat.each_row() %= gain) (chapter 10)");
ATTN_MISTAKE(feed_forward_without_relu, "feed_forward",
             "the relu is missing: the hidden layer is relu(X W_1 + b_1), its negative entries "
             "set to 0 (H.clamp(0.0, arma::datum::inf)); without it the two products collapse "
             "into one linear map (chapter 10)");
ATTN_MISTAKE(feed_forward_relu_on_output, "feed_forward",
             "the relu was applied to the output instead of the hidden layer: the layer is relu(X "
             "W_1 + b_1) W_2 + b_2, and its output keeps its negative values (chapter 10)");
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
ATTN_MISTAKE(layer_norm_gain_bias_swapped, "layer_norm",
             "gain and bias were swapped: y = gain % xhat + bias, the gain multiplies xhat and "
             "the bias is added after it (chapter 10)");
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
             "the two subtracted terms used sums instead of means: dX_r = inv_std_r (dxhat_r - "
             "mean(dxhat_r) - xhat_r mean(dxhat_r % xhat_r)), each mean over the row's d_model "
             "entries, so divide the row sums by d_model (chapter 10)");
ATTN_MISTAKE(layer_norm_backward_mean_over_columns, "layer_norm_backward",
             "the means in dX were taken down the columns (over the tokens); layer norm worked "
             "along each row, so mean(dxhat_r) and mean(dxhat_r % xhat_r) are over row r's own "
             "entries. arma::mean(M) and arma::sum(M) work down the columns: use arma::mean(M, 1) "
             "with .each_col() (chapter 10)");
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
             "a bias row (1 x width) was added to a whole matrix with +, which Armadillo refuses "
             "(incompatible dimensions): a bias is added to every row, M.each_row() += b (chapter "
             "10)");
ATTN_MISTAKE(block_residual_after_norm, "encoder_block",
             "the input was added after the norm, x + layer_norm(sublayer(x)); a post-norm block "
             "adds first and normalises the sum, layer_norm(x + sublayer(x)), so its output rows "
             "have mean bias and spread gain (chapter 10)");
ATTN_MISTAKE(block_ff_reads_block_input, "encoder_block",
             "the feed-forward layer read the block's input (or an earlier sub-layer's output) "
             "instead of the sub-layer just before it: each sub-layer works on the previous one's "
             "result, feed_forward(H) after the attention(s), not feed_forward(X) (chapter 10)");
ATTN_MISTAKE(block_norm_weights_reused, "encoder_block",
             "one norm's gain and bias were used for another: each sub-layer has its own layer "
             "norm (norm1 after the self-attention, norm2 after the next sub-layer, norm3 in the "
             "decoder), so use w.norm2 and w.norm3 where they belong (chapter 10)");
ATTN_MISTAKE(decoder_cross_uses_self_weights, "decoder_block",
             "the cross-attention used the self-attention's weights (w.self); it has its own, "
             "w.cross: multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads) "
             "(chapter 10)");
ATTN_MISTAKE(decoder_cross_attention_masked, "decoder_block cross_attention",
             "the causal mask was also given to the cross-attention: only the decoder's "
             "self-attention hides the future; every decoder token may read every encoder token, "
             "so the cross-attention takes no mask (and an L_dec x L_dec mask does not fit its "
             "L_dec x L_enc scores) (chapters 07 and 10)");

}  // namespace attn_test::mistakes
