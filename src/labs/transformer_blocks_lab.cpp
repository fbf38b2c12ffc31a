#include "labs/transformer_blocks_lab.hpp"

#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"

namespace attn::transformer_blocks_lab {

namespace {

// splitmix64: a well-known 64-bit mixer; whole-number arithmetic, so every
// machine gets the same bits.
std::uint64_t mix(std::uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

arma::rowvec ones_row(arma::uword n) { return arma::rowvec(n, arma::fill::ones); }
arma::rowvec zeros_row(arma::uword n) { return arma::rowvec(n, arma::fill::zeros); }

NormWeights fresh_norm() { return {ones_row(d_model), zeros_row(d_model)}; }

AttentionWeights attention_weights(std::uint64_t seed) {
    // 0.8 keeps the scores of width-2 heads near 1, so no head saturates
    AttentionWeights a;
    a.W_q = fixed_matrix(d_model, d_model, seed + 0, 0.8);  // (d_model, h d_k)
    a.W_k = fixed_matrix(d_model, d_model, seed + 1, 0.8);  // (d_model, h d_k)
    a.W_v = fixed_matrix(d_model, d_model, seed + 2, 0.8);  // (d_model, h d_v)
    a.W_o = fixed_matrix(d_model, d_model, seed + 3, 0.8);  // (h d_v, d_model)
    a.heads = heads;
    return a;
}

FeedForwardWeights feed_forward_weights(std::uint64_t seed) {
    FeedForwardWeights f;
    f.W_1 = fixed_matrix(d_model, d_ff, seed + 0, 0.8);  // (d_model, d_ff)
    f.b_1 = fixed_matrix(1, d_ff, seed + 1, 0.2);        // (1, d_ff)
    f.W_2 = fixed_matrix(d_ff, d_model, seed + 2, 0.4);  // (d_ff, d_model)
    f.b_2 = fixed_matrix(1, d_model, seed + 3, 0.2);     // (1, d_model)
    return f;
}

double loss_of(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, const arma::mat& dY) {
    return arma::accu(dY % layer_norm(X, gain, bias).y);
}

}  // namespace

double relative_error(const arma::mat& a, const arma::mat& b) {
    require_shapes(a.n_rows == b.n_rows && a.n_cols == b.n_cols, "relative_error", "both matrices must have one shape",
                   {"a", a}, {"b", b});
    const double total = arma::norm(a + b, "fro");
    return total > 0 ? arma::norm(a - b, "fro") / total : 0.0;
}

arma::mat fixed_matrix(arma::uword rows, arma::uword cols, std::uint64_t seed, double scale) {
    arma::mat M(rows, cols);
    for (arma::uword r = 0; r < rows; ++r)
        for (arma::uword c = 0; c < cols; ++c) {
            const std::uint64_t bits = mix(mix(seed) + r * 1000003ULL + c);
            const double u = static_cast<double>(bits >> 11) / 9007199254740992.0;  // [0, 1), 53 bits
            M(r, c) = scale * (2.0 * u - 1.0);
        }
    return M;
}

RowStats row_stats(const arma::mat& X) {
    RowStats s;
    s.mean = arma::mean(X, 1);  // (T)
    s.variance.set_size(X.n_rows);
    // norm_type 1: divide by n, the population variance that layer norm uses
    for (arma::uword r = 0; r < X.n_rows; ++r) s.variance(r) = arma::var(X.row(r), 1);
    return s;
}

ScaledRows rows_of_different_scale() {
    ScaledRows s;
    s.names = {"small", "unit", "large", "offset", "constant"};
    s.X = {{0.12, -0.05, 0.20, 0.03, -0.15, 0.08, 0.17, -0.02},
           {1.0, -2.0, 0.5, 3.0, -1.0, 2.0, 0.0, 1.5},
           {250, 900, -400, 100, 700, -300, 50, 600},
           {1000.5, 999.0, 1001.0, 1000.0, 998.5, 1002.0, 1000.0, 999.0},
           {3, 3, 3, 3, 3, 3, 3, 3}};
    return s;
}

LayerNormGrads numeric_layer_norm_grads(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                                        const arma::mat& dY, double h) {
    require_shapes(dY.n_rows == X.n_rows && dY.n_cols == X.n_cols, "numeric_layer_norm_grads",
                   "dY must have the shape of X", {"dY", dY}, {"X", X});
    LayerNormGrads g;
    g.dX.set_size(arma::size(X));
    g.dgain.set_size(gain.n_elem);
    g.dbias.set_size(bias.n_elem);
    // (f(x + h) - f(x - h)) / 2h: error of order h^2
    for (arma::uword k = 0; k < X.n_elem; ++k) {
        arma::mat up = X, down = X;
        up(k) += h;
        down(k) -= h;
        g.dX(k) = (loss_of(up, gain, bias, dY) - loss_of(down, gain, bias, dY)) / (2 * h);
    }
    for (arma::uword c = 0; c < gain.n_elem; ++c) {
        arma::rowvec up = gain, down = gain;
        up(c) += h;
        down(c) -= h;
        g.dgain(c) = (loss_of(X, up, bias, dY) - loss_of(X, down, bias, dY)) / (2 * h);
    }
    for (arma::uword c = 0; c < bias.n_elem; ++c) {
        arma::rowvec up = bias, down = bias;
        up(c) += h;
        down(c) -= h;
        g.dbias(c) = (loss_of(X, gain, up, dY) - loss_of(X, gain, down, dY)) / (2 * h);
    }
    return g;
}

GradientCheck check_layer_norm_backward(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                                        const arma::mat& dY) {
    const LayerNormResult f = layer_norm(X, gain, bias);
    const LayerNormGrads a = layer_norm_backward(dY, f.xhat, f.inv_std, gain);
    const LayerNormGrads n = numeric_layer_norm_grads(X, gain, bias, dY);
    GradientCheck c;
    c.dX = relative_error(a.dX, n.dX);
    c.dgain = relative_error(a.dgain, n.dgain);
    c.dbias = relative_error(a.dbias, n.dbias);
    // the formula with one of its two subtracted terms dropped, from the same xhat
    arma::mat dxhat = dY;  // (T, d_model)
    dxhat.each_row() %= gain;
    const arma::colvec mean_d = arma::mean(dxhat, 1);            // (T)
    const arma::colvec mean_dx = arma::mean(dxhat % f.xhat, 1);  // (T)
    arma::mat no_mean = dxhat - f.xhat.each_col() % mean_dx;  // (T, d_model)
    no_mean.each_col() %= f.inv_std;
    arma::mat no_var = dxhat;  // (T, d_model)
    no_var.each_col() -= mean_d;
    no_var.each_col() %= f.inv_std;
    c.without_mean_term = relative_error(no_mean, n.dX);
    c.without_variance_term = relative_error(no_var, n.dX);
    return c;
}

FeedForwardWeights example_feed_forward() { return feed_forward_weights(100); }

EncoderBlockWeights example_encoder_weights() {
    EncoderBlockWeights w;
    w.self = attention_weights(10);
    w.norm1 = fresh_norm();
    w.ff = example_feed_forward();
    w.norm2 = fresh_norm();
    return w;
}

DecoderBlockWeights example_decoder_weights() {
    DecoderBlockWeights w;
    w.self = attention_weights(20);
    w.norm1 = fresh_norm();
    w.cross = attention_weights(30);
    w.norm2 = fresh_norm();
    w.ff = feed_forward_weights(200);
    w.norm3 = fresh_norm();
    return w;
}

std::vector<std::string> decoder_tokens() { return {"<s>", "J'", "aime"}; }

arma::mat decoder_input() {
    return {{1, 1, 1, 1},
            {0, 0, 1, 1},
            {0, 1, 1, 0}};
}

arma::mat decoder_block_without_mask(const arma::mat& Y, const arma::mat& H_enc, const DecoderBlockWeights& w) {
    const AttentionWeights &s = w.self, &c = w.cross;
    const arma::mat self = multi_head_attention(Y, Y, s.W_q, s.W_k, s.W_v, s.W_o, s.heads).output;  // no mask
    const arma::mat H1 = layer_norm(Y + self, w.norm1.gain, w.norm1.bias).y;                         // (L_dec, d_model)
    const arma::mat cross = multi_head_attention(H1, H_enc, c.W_q, c.W_k, c.W_v, c.W_o, c.heads).output;
    const arma::mat H2 = layer_norm(H1 + cross, w.norm2.gain, w.norm2.bias).y;  // (L_dec, d_model)
    const arma::mat ff = feed_forward(H2, w.ff.W_1, w.ff.b_1, w.ff.W_2, w.ff.b_2).y;
    return layer_norm(H2 + ff, w.norm3.gain, w.norm3.bias).y;  // (L_dec, d_model)
}

arma::colvec largest_change_per_row(const arma::mat& a, const arma::mat& b) {
    require_shapes(a.n_rows == b.n_rows && a.n_cols == b.n_cols, "largest_change_per_row",
                   "both matrices must have one shape", {"a", a}, {"b", b});
    return arma::max(arma::abs(b - a), 1);  // (T)
}

ResidualComparison first_sublayer(const arma::mat& X, const EncoderBlockWeights& w) {
    const AttentionWeights& a = w.self;
    const arma::mat att = multi_head_attention(X, X, a.W_q, a.W_k, a.W_v, a.W_o, a.heads).output;  // (L, d_model)
    return {layer_norm(X + att, w.norm1.gain, w.norm1.bias).y, layer_norm(att, w.norm1.gain, w.norm1.bias).y};
}

arma::colvec centred_row_cosines(const arma::mat& a, const arma::mat& b) {
    require_shapes(a.n_rows == b.n_rows && a.n_cols == b.n_cols, "centred_row_cosines",
                   "both matrices must have one shape", {"a", a}, {"b", b});
    arma::colvec cosines(a.n_rows);
    for (arma::uword r = 0; r < a.n_rows; ++r) {
        const arma::rowvec x = a.row(r) - arma::mean(a.row(r)), y = b.row(r) - arma::mean(b.row(r));
        const double norms = arma::norm(x) * arma::norm(y);
        cosines(r) = norms > 0 ? arma::dot(x, y) / norms : 0.0;
    }
    return cosines;
}

plot::Figure layer_norm_figure(const std::vector<std::string>& names, const arma::mat& before, const arma::mat& after) {
    require_shapes(before.n_rows == after.n_rows && before.n_cols == after.n_cols, "layer_norm_figure",
                   "before and after must have one shape", {"before", before}, {"after", after});
    auto panel = [&](const std::string& title, const arma::mat& M) {
        plot::LineChart c;
        c.title = title;
        c.xlabel = "feature (column)";
        c.ylabel = "value";
        const RowStats s = row_stats(M);
        for (arma::uword r = 0; r < M.n_rows; ++r) {
            plot::Series ser;
            ser.title = (r < names.size() ? names[r] : "row " + std::to_string(r)) + ": mean " +
                        format_number(s.mean(r)) + ", std " + format_number(std::sqrt(s.variance(r)));
            for (arma::uword c2 = 0; c2 < M.n_cols; ++c2) {
                ser.x.push_back(static_cast<double>(c2));
                ser.y.push_back(M(r, c2));
            }
            c.series.push_back(ser);
        }
        c.extra.push_back("set key outside bottom center vertical");
        return c;
    };
    plot::Figure f;
    f.panels = {panel("Each row before layer norm (" + shape_of(before) + ")", before),
                panel("After: mean 0 and std 1 in every row that varies", after)};
    f.rows = 1;
    f.cols = 2;
    f.width = 1400;
    f.height = 640;
    f.title = "Layer norm works on each row by itself";
    return f;
}

}  // namespace attn::transformer_blocks_lab
