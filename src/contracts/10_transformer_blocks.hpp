// 10_transformer_blocks.hpp: the exercise contracts of chapter 10
// (chapters/10_transformer_blocks): what surrounds attention in a Transformer
// layer, and the encoder and decoder blocks made of them.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   T = rows (tokens) of any matrix   d_model = token width   d_ff = feed-forward width
//   L = tokens of one sentence (the encoder block's X)
//   L_dec, L_enc = decoder and encoder tokens of one sentence pair
// Gradients: for any matrix M, dM is the gradient of the loss with respect to
// M, with the shape of M.
#pragma once

#include <armadillo>

namespace attn {

// ---------------------------------------------------------------- layer norm

// Layer norm of every row on its own:
//   mean_r = average of row r,  var_r = average of (x - mean_r)^2 over row r
//   xhat   = (x - mean_r) / sqrt(var_r + eps)
//   y      = gain % xhat + bias            (gain and bias one entry per column)
// The variance is taken as written, of the centred row: the mean is subtracted
// first, then the squares averaged. The result must hold for rows far from 0
// (entries near 1e8), where mean(x^2) - mean(x)^2 loses every digit: the two
// terms are near 1e16 and agree in all the digits a double keeps.
struct LayerNormResult {
    arma::mat y;           // T x d_model
    arma::mat xhat;        // T x d_model: each row with mean 0 and variance ~1 (kept for the backward pass)
    arma::colvec inv_std;  // T: 1 / sqrt(var_r + eps) (kept for the backward pass)
};
// Shapes:  X T x d_model, gain and bias 1 x d_model.
// Throws:  ShapeError "layer_norm: gain and bias need one entry per column of X (1 x d_model);
//          got X 3x4 and gain 1x5" (or bias).
// Chapter: 10 (exercise layer_norm)
LayerNormResult layer_norm(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                           double eps = 1e-5);

struct LayerNormGrads {
    arma::mat dX;          // T x d_model
    arma::rowvec dgain;    // 1 x d_model: sum over rows of dY % xhat
    arma::rowvec dbias;    // 1 x d_model: sum over rows of dY
};
// The backward pass of layer_norm, from what its forward pass kept:
//   dxhat = dY % gain (each row)
//   dX_r  = inv_std_r * (dxhat_r - mean(dxhat_r) - xhat_r * mean(dxhat_r % xhat_r))
// (the two subtracted terms are the mean's and the variance's share: both
// depend on every entry of the row).
// Shapes:  dY, xhat T x d_model, inv_std T, gain 1 x d_model.
// Throws:  ShapeError when dY and xhat differ in shape, or inv_std or gain do not fit them.
// Chapter: 10 (exercise layer_norm_backward)
LayerNormGrads layer_norm_backward(const arma::mat& dY, const arma::mat& xhat, const arma::colvec& inv_std,
                                   const arma::rowvec& gain);

// ---------------------------------------------------------------- feed-forward

// The position-wise feed-forward layer: the same two-layer network on every row.
//   H = relu(X W_1 + b_1),  y = H W_2 + b_2
struct FeedForwardResult {
    arma::mat H;  // T x d_ff, after the relu (kept for the backward pass)
    arma::mat y;  // T x d_model
};
// Shapes:  X T x d_model, W_1 d_model x d_ff, b_1 1 x d_ff, W_2 d_ff x d_model, b_2 1 x d_model.
// Throws:  ShapeError naming the two matrices whose sizes do not fit.
// Chapter: 10 (exercise feed_forward)
FeedForwardResult feed_forward(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1,
                               const arma::mat& W_2, const arma::rowvec& b_2);

// ---------------------------------------------------------------- blocks

// One multi-head attention's weights (chapter 09's multi_head_attention).
struct AttentionWeights {
    arma::mat W_q, W_k, W_v, W_o;  // d_model x (h d_k), d_model x (h d_k), d_model x (h d_v), (h d_v) x d_model
    arma::uword heads = 1;
};
struct NormWeights {
    arma::rowvec gain, bias;  // 1 x d_model each
};
struct FeedForwardWeights {
    arma::mat W_1;     // d_model x d_ff
    arma::rowvec b_1;  // 1 x d_ff
    arma::mat W_2;     // d_ff x d_model
    arma::rowvec b_2;  // 1 x d_model
};
struct EncoderBlockWeights {
    AttentionWeights self;
    NormWeights norm1;
    FeedForwardWeights ff;
    NormWeights norm2;
};
struct DecoderBlockWeights {
    AttentionWeights self;   // causal
    NormWeights norm1;
    AttentionWeights cross;  // queries from the decoder, keys and values from the encoder
    NormWeights norm2;
    FeedForwardWeights ff;
    NormWeights norm3;
};

// One encoder block (post-norm, as in the 2017 paper):
//   H   = layer_norm(X + self-attention(X))         (each sub-layer's input added back: the residual)
//   out = layer_norm(H + feed_forward(H))
// with multi_head_attention(X, X, ...) as the self-attention.
// Shapes:  X L x d_model -> L x d_model.
// Throws:  what the pieces throw.
// Chapter: 10 (exercise encoder_block)
arma::mat encoder_block(const arma::mat& X, const EncoderBlockWeights& w);

// One decoder block:
//   H1  = layer_norm(Y + causal self-attention(Y))     (multi_head_attention with causal_mask)
//   H2  = layer_norm(H1 + cross-attention(H1, H_enc))  (queries H1, keys and values H_enc)
//   out = layer_norm(H2 + feed_forward(H2))
// Shapes:  Y L_dec x d_model, H_enc L_enc x d_model -> L_dec x d_model.
// Throws:  what the pieces throw.
// Chapter: 10 (exercise decoder_block)
arma::mat decoder_block(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w);

}  // namespace attn
