// Chapter 10: what surrounds attention in a Transformer layer (residuals, layer
// norm, the feed-forward layer) and the encoder and decoder blocks made of them.
//
// Dimension legend: T = rows (tokens), d_model = token width (4 here),
// d_ff = feed-forward width (16), h = heads (2, so d_k = d_v = 2),
// L_enc, L_dec = encoder and decoder tokens (3 each).
// Run:  ./course run 10          (reference)      ./course run 10 --mine   (your exercises)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "contracts/10_transformer_blocks.hpp"
#include "core/chapter.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"
#include "labs/transformer_blocks_lab.hpp"

using namespace attn;
namespace lab = attn::transformer_blocks_lab;

namespace {

// "0 (exactly)" says more than "0.0000" when the claim is that nothing moved at all.
std::string change_text(double d) { return d == 0.0 ? "0 (exactly)" : format_number(d, 4); }

// A difference is either far below what the step could notice (fine) or a number to look at.
std::string error_text(double e, double bound) {
    const std::string b = "1e" + std::to_string(static_cast<int>(std::lround(std::log10(bound))));
    return e < bound ? "below " + b : format_number(e, 4);
}

void print_row_stats(const std::vector<std::string>& names, const arma::mat& before, const arma::mat& after) {
    const lab::RowStats b = lab::row_stats(before), a = lab::row_stats(after);
    std::printf("%-9s %10s %12s   %10s %12s\n", "row", "mean", "variance", "mean after", "var. after");
    for (arma::uword r = 0; r < before.n_rows; ++r)
        std::printf("%-9s %10s %12s   %10s %12s\n", names[r].c_str(), format_number(b.mean(r)).c_str(),
                    format_number(b.variance(r)).c_str(), format_number(a.mean(r)).c_str(),
                    format_number(a.variance(r)).c_str());
}

void step_layer_norm(plot::Plotter& plotter) {
    print_step(std::cout, 1, "Layer norm: every row on its own to mean 0 and variance 1");
    const lab::ScaledRows s = lab::rows_of_different_scale();  // (5, 8)
    const arma::uword d = s.X.n_cols;
    const arma::rowvec gain(d, arma::fill::ones), bias(d, arma::fill::zeros);  // as training starts
    const LayerNormResult r = layer_norm(s.X, gain, bias);                     // y (5, 8)
    print_row_stats(s.names, s.X, r.y);
    print_matrix(std::cout, "layer_norm(X).y, gain 1 and bias 0", r.y, {2, s.names, {}});
    const arma::rowvec unit = s.X.row(1);
    std::printf("variance of row 'unit': divided by n = 8: %s; arma::var(row) divides by n - 1 = 7: %s\n",
                format_number(arma::var(unit, 1)).c_str(), format_number(arma::var(unit)).c_str());
    plotter.save("10_layer_norm_rows", lab::layer_norm_figure(s.names, s.X, r.y));
}

void step_gain_bias() {
    print_step(std::cout, 2, "Gain and bias: the norm's own two learned rows");
    const lab::ScaledRows s = lab::rows_of_different_scale();
    const arma::mat X = s.X.rows(1, 2);  // 'unit' and 'large' (2, 8)
    const arma::rowvec gain = {2, 2, 2, 2, 0.5, 0.5, 0.5, 0.5}, bias = {1, 1, 1, 1, -1, -1, -1, -1};
    std::printf("gain %s\nbias %s\n", format_row(gain).c_str(), format_row(bias).c_str());
    const arma::mat y = layer_norm(X, gain, bias).y;  // (2, 8)
    print_matrix(std::cout, "layer_norm(X, gain, bias).y for rows 'unit' and 'large'", y, {2, {"unit", "large"}, {}});
    auto sd = [](const arma::rowvec& v) { return format_number(std::sqrt(arma::var(v, 1))); };
    std::printf("standard deviation of the rows before: %s and %s; after: %s and %s, set by gain and bias\n",
                sd(X.row(0)).c_str(), sd(X.row(1)).c_str(), sd(y.row(0)).c_str(), sd(y.row(1)).c_str());
}

void step_backward() {
    print_step(std::cout, 3, "The backward pass, checked against central differences");
    arma::mat X = lab::fixed_matrix(3, 5, 1, 1.0);  // (3, 5), rows then put on different scales
    X.row(1) *= 10.0;
    X.row(2) *= 0.1;
    const arma::rowvec gain = 1.0 + lab::fixed_matrix(1, 5, 2, 0.5), bias = lab::fixed_matrix(1, 5, 3, 0.5);
    const arma::mat dY = lab::fixed_matrix(3, 5, 4, 1.0);  // (3, 5): the gradient arriving from above
    std::printf("loss = sum(dY %% layer_norm(X, gain, bias).y), X 3x5 with rows of scale 1, 10 and 0.1\n");
    const lab::GradientCheck c = lab::check_layer_norm_backward(X, gain, bias, dY);
    std::printf("relative error ||analytic - numeric|| / ||analytic + numeric||:\n");
    std::printf("  layer_norm_backward:             dX %s, dgain %s, dbias %s\n", error_text(c.dX, 1e-6).c_str(),
                error_text(c.dgain, 1e-6).c_str(), error_text(c.dbias, 1e-6).c_str());
    std::printf("  without the mean term:           dX %s\n", format_number(c.without_mean_term).c_str());
    std::printf("  without the variance term:       dX %s\n", format_number(c.without_variance_term).c_str());
}

void step_feed_forward() {
    print_step(std::cout, 4, "The feed-forward layer: one small network, the same for every row");
    const arma::mat X = example::X();  // (3, 4)
    const auto tok = example::tokens();
    const FeedForwardWeights f = lab::example_feed_forward();  // W_1 (4, 16), W_2 (16, 4)
    const FeedForwardResult r = feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2);  // H (3, 16), y (3, 4)
    std::printf("X 3x4 -> H = relu(X W_1 + b_1) 3x16 -> y = H W_2 + b_2 3x4\n");
    std::printf("hidden units relu set to 0, per row:");
    for (arma::uword i = 0; i < r.H.n_rows; ++i)
        std::printf(" %s %llu of 16%s", tok[i].c_str(),
                    static_cast<unsigned long long>(arma::accu(r.H.row(i) == 0.0)), i + 1 < r.H.n_rows ? "," : "\n");
    print_matrix(std::cout, "y = feed_forward(X).y", r.y, {2, tok, {}});
    const arma::mat alone = feed_forward(X.row(1), f.W_1, f.b_1, f.W_2, f.b_2).y;  // (1, 4)
    std::printf("'love' fed alone gives row 'love' again: largest difference %s\n",
                error_text(arma::abs(alone - r.y.row(1)).max(), 1e-12).c_str());
}

void step_encoder() {
    print_step(std::cout, 5, "The encoder block on \"I love LLMs\"");
    const arma::mat X = example::X();  // (3, 4)
    const auto tok = example::tokens();
    const EncoderBlockWeights w = lab::example_encoder_weights();
    std::printf("H = layer_norm(X + self-attention(X)), out = layer_norm(H + feed_forward(H)); 2 heads, d_ff 16\n");
    const arma::mat out = encoder_block(X, w);  // (3, 4)
    print_matrix(std::cout, "H_enc = encoder_block(X)", out, {2, tok, {}});
    const lab::RowStats s = lab::row_stats(out);
    std::printf("each row's mean: %s; variance: %s (the block ends with a layer norm)\n",
                format_row(s.mean.t()).c_str(), format_row(s.variance.t()).c_str());
    const lab::ResidualComparison c = lab::first_sublayer(X, w);
    std::printf("cosine of each token's (centred) input row with its row after the first sub-layer:\n");
    std::printf("  with the residual, layer_norm(X + att):  %s\n",
                format_row(lab::centred_row_cosines(X, c.with_residual).t()).c_str());
    std::printf("  without it, layer_norm(att):             %s\n",
                format_row(lab::centred_row_cosines(X, c.without_residual).t()).c_str());
    // A sub-layer with nothing to add: post-norm still normalises the sum, so the token
    // comes out as layer_norm(x), re-centred and rescaled, not as x itself.
    const arma::mat nothing_added = layer_norm(X + arma::mat(arma::size(X), arma::fill::zeros), w.norm1.gain,
                                               w.norm1.bias).y;  // (3, 4)
    std::printf("a sub-layer that outputs 0 hands on layer_norm(X + 0) = layer_norm(X): row I %s comes out %s\n",
                format_row(X.row(0)).c_str(), format_row(nothing_added.row(0)).c_str());
}

void step_decoder() {
    print_step(std::cout, 6, "The decoder block reads the encoder");
    const arma::mat H_enc = encoder_block(example::X(), lab::example_encoder_weights());  // (3, 4)
    const arma::mat Y = lab::decoder_input();                                             // (3, 4)
    const auto tok = lab::decoder_tokens();
    const DecoderBlockWeights w = lab::example_decoder_weights();
    print_matrix(std::cout, "Y, the decoder's input \"<s> J' aime\"", Y, {2, tok, {}});
    const arma::mat out = decoder_block(Y, H_enc, w);  // (3, 4)
    print_matrix(std::cout, "decoder_block(Y, H_enc)", out, {2, tok, {}});

    // change the last decoder token: causality must survive all three sub-layers
    const arma::rowvec other = {1, 0, 0, 1};  // "aime" replaced by another word
    arma::mat Y2 = Y;
    Y2.row(2) = other;
    std::printf("row 2 of Y (aime) replaced by %s\n", format_row(other).c_str());
    const arma::colvec masked = lab::largest_change_per_row(out, decoder_block(Y2, H_enc, w));
    const arma::colvec open = lab::largest_change_per_row(lab::decoder_block_without_mask(Y, H_enc, w),
                                                          lab::decoder_block_without_mask(Y2, H_enc, w));
    std::printf("%-28s %-26s %s\n", "", "largest change, rows 0-1", "largest change, row 2");
    std::printf("%-28s %-26s %s\n", "decoder_block (causal)", change_text(std::max(masked(0), masked(1))).c_str(),
                change_text(masked(2)).c_str());
    std::printf("%-28s %-26s %s\n", "the same without the mask", change_text(std::max(open(0), open(1))).c_str(),
                change_text(open(2)).c_str());

    // change one source token: every decoder row reads the whole source
    arma::mat X2 = example::X();
    X2.row(2) = arma::rowvec{1, 1, 0, 0};  // "LLMs" replaced
    const arma::mat H_enc2 = encoder_block(X2, lab::example_encoder_weights());
    const arma::colvec moved = lab::largest_change_per_row(out, decoder_block(Y, H_enc2, w));
    std::printf("source token 'LLMs' replaced by [1.00, 1.00, 0.00, 0.00]: largest change per decoder row %s\n",
                format_row(moved.t(), 4).c_str());
}

}  // namespace

int main(int argc, char** argv) {
    return run_chapter(argc, argv, "chapters/10_transformer_blocks/README.md", [](const ChapterOptions&, plot::Plotter& p) {
        step_layer_norm(p);
        step_gain_bias();
        step_backward();
        step_feed_forward();
        step_encoder();
        step_decoder();
        std::cout << "\nWhat to notice:\n"
                     "  - layer norm looks at one row at a time: rows of any scale come out alike;\n"
                     "  - its backward pass needs both subtracted terms, or it disagrees with the differences;\n"
                     "  - every sub-layer adds its input back before the norm (the residual);\n"
                     "  - the decoder's later tokens still cannot reach its earlier rows, through the whole block;\n"
                     "  - every decoder row changes when the source changes: cross-attention reads H_enc.\n";
    });
}
