// transformer_blocks_lab.hpp: chapter 10's examples around layer norm, the feed-forward
// layer and the encoder and decoder blocks.
//
// Rows are tokens, columns are features (legend in contracts/10_transformer_blocks.hpp).
// Every block computed here goes through the exercise functions of chapters 07,
// 09 and 10, so the chapter program shows the learner's own numbers under --mine.
#pragma once

#include <armadillo>
#include <cstdint>
#include <string>
#include <vector>

#include "contracts/10_transformer_blocks.hpp"
#include "core/plot.hpp"

namespace attn::transformer_blocks_lab {

// Sizes of the chapter's blocks: the worked example's width, two heads.
inline constexpr arma::uword d_model = 4;  // token width ("I love LLMs" is 3x4)
inline constexpr arma::uword heads = 2;    // so each head has d_k = d_v = 2
inline constexpr arma::uword d_ff = 16;    // the feed-forward layer's hidden width

// A rows x cols matrix of numbers in [-scale, scale) made by a fixed formula
// (splitmix64 of seed and position): the same on every machine and every
// Armadillo, unlike arma::randu, so the README can print them.
arma::mat fixed_matrix(arma::uword rows, arma::uword cols, std::uint64_t seed, double scale);

// Each row's mean and population variance (divided by the row's length).
struct RowStats {
    arma::colvec mean;      // T
    arma::colvec variance;  // T
};
RowStats row_stats(const arma::mat& X);

// Five rows of eight features on very different scales: around 0.1, around 1,
// in the hundreds, a mean of 1000 with a spread of 1, and a constant row.
struct ScaledRows {
    std::vector<std::string> names;  // one per row
    arma::mat X;                     // 5 x 8
};
ScaledRows rows_of_different_scale();

// The gradient of loss = sum(dY % layer_norm(X, gain, bias).y) by central
// differences: each entry of X, gain and bias moved by +h and -h in turn.
// Shapes as layer_norm_backward's result.
LayerNormGrads numeric_layer_norm_grads(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                                        const arma::mat& dY, double h = 1e-5);

// ||a - b|| / ||a + b|| (Frobenius norms), the usual measure of a gradient
// check: near 1e-10 when two gradients agree, near 1 when they do not; 0 when
// both are zero.
double relative_error(const arma::mat& a, const arma::mat& b);

// layer_norm_backward (the learner's, under --mine) against central differences,
// and how far off the formula would be with either subtracted term left out.
// Every field is a relative_error against the central differences.
struct GradientCheck {
    double dX = 0, dgain = 0, dbias = 0;
    double without_mean_term = 0;      // dX without - mean(dxhat)
    double without_variance_term = 0;  // dX without - xhat mean(dxhat % xhat)
};
GradientCheck check_layer_norm_backward(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                                        const arma::mat& dY);

// The chapter's fixed weights: d_model 4, 2 heads of width 2, d_ff 16; every
// layer norm starts as training starts, gain 1 and bias 0.
FeedForwardWeights example_feed_forward();
EncoderBlockWeights example_encoder_weights();
DecoderBlockWeights example_decoder_weights();

// The decoder's input for "<s> J' aime" (3x4), small whole numbers like the
// encoder's "I love LLMs".
std::vector<std::string> decoder_tokens();
arma::mat decoder_input();

// A decoder block whose self-attention has no mask: the contrast for the
// causality step (built from the same exercise functions as decoder_block).
arma::mat decoder_block_without_mask(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w);

// Largest |b - a| in each row (a and b of one shape).
arma::colvec largest_change_per_row(const arma::mat& a, const arma::mat& b);

// The sub-layer X + self-attention(X) of an encoder block, normalised, next to
// the same without the residual, layer_norm(self-attention(X)).
struct ResidualComparison {
    arma::mat with_residual;     // L x d_model
    arma::mat without_residual;  // L x d_model
};
ResidualComparison first_sublayer(const arma::mat& X, const EncoderBlockWeights& w);

// Cosine of the angle between row i of a and row i of b, after centring each
// row (layer norm centres its output, so the input is centred too).
arma::colvec centred_row_cosines(const arma::mat& a, const arma::mat& b);

// Two panels: the values of each row before layer norm, and after it. The
// series titles give each row's mean and standard deviation.
plot::Figure layer_norm_figure(const std::vector<std::string>& names, const arma::mat& before, const arma::mat& after);

}  // namespace attn::transformer_blocks_lab
