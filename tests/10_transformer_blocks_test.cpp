// Chapter 10 tests: layer norm (forward and backward), the feed-forward layer,
// and the encoder and decoder blocks. One suite per exercise (its name is the
// exercise's name); `chapter` holds the tests of the chapter's lab.
//
// Every expected value is computed here by scalar loops (layer norm, the
// feed-forward layer, multi-head attention, and the blocks composed from them),
// never by the code under test; the backward pass is also held against central
// differences of the loop version.
#include <boost/test/unit_test.hpp>

#include "test_main.hpp"
ATTN_TEST_MAIN(ch10_transformer_blocks)

#include <cmath>
#include <string>
#include <vector>

#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"
#include "labs/transformer_blocks_lab.hpp"
#include "mistakes.hpp"
#include "slips.hpp"
#include "test_helpers.hpp"

using attn_test::matrices_close;
using attn_test::product_by_loops;
using attn_test::thrown_message;
namespace m = attn_test::mistakes;

namespace {

bool mentions(const std::string& msg, const std::string& what) { return msg.find(what) != std::string::npos; }

using attn_test::report_the_one_slip;
using attn_test::Slip;
using attn_test::Threw;

// ---------------------------------------------------------------- layer norm by loops

enum class NormSlip { none, over_columns, sample_variance, eps_outside_sqrt, no_gain_bias, no_eps, no_sqrt, gain_bias_swapped };

// What layer norm keeps: xhat and 1 / sqrt(var + eps), one row at a time.
struct NormParts {
    arma::mat xhat;
    arma::colvec inv_std;
};

NormParts norm_parts_by_loops(const arma::mat& X, double eps) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    NormParts p{arma::mat(T, d), arma::colvec(T)};
    for (arma::uword r = 0; r < T; ++r) {
        double mean = 0, var = 0;
        for (arma::uword c = 0; c < d; ++c) mean += X(r, c);
        mean /= static_cast<double>(d);
        for (arma::uword c = 0; c < d; ++c) var += (X(r, c) - mean) * (X(r, c) - mean);
        var /= static_cast<double>(d);  // population variance: divided by d, not d - 1
        p.inv_std(r) = 1.0 / std::sqrt(var + eps);
        for (arma::uword c = 0; c < d; ++c) p.xhat(r, c) = (X(r, c) - mean) * p.inv_std(r);
    }
    return p;
}

arma::mat layer_norm_by_loops(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps,
                              NormSlip slip = NormSlip::none) {
    const arma::uword T = X.n_rows, d = X.n_cols;
    arma::mat y(T, d);
    if (slip == NormSlip::over_columns) {  // each column over the tokens
        for (arma::uword c = 0; c < d; ++c) {
            double mean = 0, var = 0;
            for (arma::uword r = 0; r < T; ++r) mean += X(r, c);
            mean /= static_cast<double>(T);
            for (arma::uword r = 0; r < T; ++r) var += (X(r, c) - mean) * (X(r, c) - mean);
            var /= static_cast<double>(T);
            for (arma::uword r = 0; r < T; ++r) y(r, c) = gain(c) * (X(r, c) - mean) / std::sqrt(var + eps) + bias(c);
        }
        return y;
    }
    for (arma::uword r = 0; r < T; ++r) {
        double mean = 0, ss = 0;
        for (arma::uword c = 0; c < d; ++c) mean += X(r, c);
        mean /= static_cast<double>(d);
        for (arma::uword c = 0; c < d; ++c) ss += (X(r, c) - mean) * (X(r, c) - mean);
        const double var = ss / static_cast<double>(slip == NormSlip::sample_variance ? d - 1 : d);
        double denom = slip == NormSlip::eps_outside_sqrt ? std::sqrt(var) + eps : std::sqrt(var + eps);
        if (slip == NormSlip::no_eps) denom = std::sqrt(var);
        if (slip == NormSlip::no_sqrt) denom = var + eps;
        for (arma::uword c = 0; c < d; ++c) {
            const double xhat = (X(r, c) - mean) / denom;
            y(r, c) = slip == NormSlip::no_gain_bias        ? xhat
                      : slip == NormSlip::gain_bias_swapped ? bias(c) * xhat + gain(c)
                                                            : gain(c) * xhat + bias(c);
        }
    }
    return y;
}

// Every slip's variant (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<Slip> norm_slips(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, double eps) {
    return {{m::layer_norm_over_columns, layer_norm_by_loops(X, gain, bias, eps, NormSlip::over_columns)},
                         {m::layer_norm_sample_variance, layer_norm_by_loops(X, gain, bias, eps, NormSlip::sample_variance)},
                         {m::layer_norm_eps_outside_sqrt, layer_norm_by_loops(X, gain, bias, eps, NormSlip::eps_outside_sqrt)},
                         {m::layer_norm_without_gain_bias, layer_norm_by_loops(X, gain, bias, eps, NormSlip::no_gain_bias)},
                         {m::layer_norm_without_eps, layer_norm_by_loops(X, gain, bias, eps, NormSlip::no_eps)},
                         {m::layer_norm_without_sqrt, layer_norm_by_loops(X, gain, bias, eps, NormSlip::no_sqrt)},
                         {m::layer_norm_gain_bias_swapped, layer_norm_by_loops(X, gain, bias, eps, NormSlip::gain_bias_swapped)}};
}
void report_norm_slips(const arma::mat& got, const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias,
                       double eps) {
    report_the_one_slip(got, layer_norm_by_loops(X, gain, bias, eps), norm_slips(X, gain, bias, eps));
}

// Rows far apart in scale and offset, 3 tokens of 5 features: non-square, so a
// norm down the columns has other numbers than one along the rows.
arma::mat rows_of_different_scale() {
    return {{0.5, -1.0, 2.0, 0.25, -0.75},
            {300.0, 120.0, -40.0, 510.0, 95.0},
            {0.01, 0.07, -0.04, 0.02, 0.09}};
}
const arma::rowvec kGain = {1.5, 0.5, -1.0, 2.0, 0.75};
const arma::rowvec kBias = {0.1, -0.2, 0.3, 0.0, -0.4};

// ---------------------------------------------------------------- layer norm backward by loops

enum class BackSlip { none, no_mean_term, no_variance_term, no_gain, no_inv_std, sums_not_means, means_over_columns };

arma::mat dx_by_loops(const arma::mat& dY, const NormParts& p, const arma::rowvec& gain, BackSlip slip = BackSlip::none) {
    const arma::uword T = dY.n_rows, d = dY.n_cols;
    arma::mat dX(T, d);
    for (arma::uword r = 0; r < T; ++r) {
        std::vector<double> dxhat(d);
        double mean_d = 0, mean_dx = 0;
        for (arma::uword c = 0; c < d; ++c) {
            dxhat[c] = slip == BackSlip::no_gain ? dY(r, c) : dY(r, c) * gain(c);
            mean_d += dxhat[c];
            mean_dx += dxhat[c] * p.xhat(r, c);
        }
        if (slip != BackSlip::sums_not_means) {
            mean_d /= static_cast<double>(d);
            mean_dx /= static_cast<double>(d);
        }
        if (slip == BackSlip::no_mean_term) mean_d = 0;
        if (slip == BackSlip::no_variance_term) mean_dx = 0;
        const double scale = slip == BackSlip::no_inv_std ? 1.0 : p.inv_std(r);
        for (arma::uword c = 0; c < d; ++c) dX(r, c) = scale * (dxhat[c] - mean_d - p.xhat(r, c) * mean_dx);
    }
    if (slip == BackSlip::means_over_columns) {  // the two means down each column, over the tokens
        for (arma::uword c = 0; c < d; ++c) {
            double mean_d = 0, mean_dx = 0;
            for (arma::uword r = 0; r < T; ++r) mean_d += dY(r, c) * gain(c), mean_dx += dY(r, c) * gain(c) * p.xhat(r, c);
            mean_d /= static_cast<double>(T);
            mean_dx /= static_cast<double>(T);
            for (arma::uword r = 0; r < T; ++r)
                dX(r, c) = p.inv_std(r) * (dY(r, c) * gain(c) - mean_d - p.xhat(r, c) * mean_dx);
        }
    }
    return dX;
}

// Every slip's variant (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<Slip> backward_slips(const arma::mat& dY, const NormParts& p, const arma::rowvec& gain) {
    return {{m::layer_norm_backward_without_mean_term, dx_by_loops(dY, p, gain, BackSlip::no_mean_term)},
                         {m::layer_norm_backward_without_variance_term, dx_by_loops(dY, p, gain, BackSlip::no_variance_term)},
                         {m::layer_norm_backward_gain_left_out, dx_by_loops(dY, p, gain, BackSlip::no_gain)},
                         {m::layer_norm_backward_without_inv_std, dx_by_loops(dY, p, gain, BackSlip::no_inv_std)},
                         {m::layer_norm_backward_sum_not_mean, dx_by_loops(dY, p, gain, BackSlip::sums_not_means)},
                         {m::layer_norm_backward_mean_over_columns, dx_by_loops(dY, p, gain, BackSlip::means_over_columns)}};
}
void report_backward_slips(const arma::mat& got, const arma::mat& dY, const NormParts& p, const arma::rowvec& gain) {
    report_the_one_slip(got, dx_by_loops(dY, p, gain), backward_slips(dY, p, gain));
}

// loss = sum(dY % layer_norm(X)) by loops; its gradients by central differences.
double norm_loss(const arma::mat& X, const arma::rowvec& gain, const arma::rowvec& bias, const arma::mat& dY) {
    const arma::mat y = layer_norm_by_loops(X, gain, bias, 1e-5);
    double s = 0;
    for (arma::uword k = 0; k < y.n_elem; ++k) s += dY(k) * y(k);
    return s;
}

template <class M, class Loss>
M central_differences(const M& at, Loss loss, double h = 1e-5) {
    M g(arma::size(at));
    for (arma::uword k = 0; k < at.n_elem; ++k) {
        M up = at, down = at;
        up(k) += h;
        down(k) -= h;
        g(k) = (loss(up) - loss(down)) / (2 * h);
    }
    return g;
}

// One backward case: rows of scale 1, 10, 0.1 and 1 shifted by 5, 4 tokens of 6 features.
struct BackwardCase {
    arma::mat X, dY;
    arma::rowvec gain, bias;
    NormParts parts;
    BackwardCase() {
        arma::arma_rng::set_seed(201);
        X = arma::randn(4, 6);
        X.row(1) *= 10.0;  // rows of scale 1, 10, 0.1 and 1 shifted by 5
        X.row(2) *= 0.1;
        X.row(3) += 5.0;
        dY = arma::randn(4, 6);
        gain = 1.0 + 0.5 * arma::randn<arma::rowvec>(6);
        bias = 0.3 * arma::randn<arma::rowvec>(6);
        parts = norm_parts_by_loops(X, 1e-5);
    }
};

// ---------------------------------------------------------------- feed-forward by loops

enum class FfSlip { none, no_relu, relu_on_output, no_b1, no_b2, relu_before_bias };

struct Ff {
    arma::mat W_1, W_2;
    arma::rowvec b_1, b_2;
    Ff(arma::uword d_model, arma::uword d_ff, int seed) {
        arma::arma_rng::set_seed(seed);
        W_1 = arma::randn(d_model, d_ff) * 0.6;
        b_1 = arma::randn<arma::rowvec>(d_ff) * 0.5;
        W_2 = arma::randn(d_ff, d_model) * 0.5;
        b_2 = arma::randn<arma::rowvec>(d_model) * 0.3;
    }
    attn::FeedForwardWeights weights() const { return {W_1, b_1, W_2, b_2}; }
};

arma::mat ff_hidden_by_loops(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, FfSlip slip) {
    arma::mat H = product_by_loops(X, W_1);
    for (arma::uword r = 0; r < H.n_rows; ++r)
        for (arma::uword c = 0; c < H.n_cols; ++c) {
            if (slip == FfSlip::relu_before_bias) {
                H(r, c) = std::max(0.0, H(r, c)) + b_1(c);
                continue;
            }
            if (slip != FfSlip::no_b1) H(r, c) += b_1(c);
            if (slip != FfSlip::no_relu && slip != FfSlip::relu_on_output) H(r, c) = std::max(0.0, H(r, c));
        }
    return H;
}

arma::mat ff_by_loops(const arma::mat& X, const arma::mat& W_1, const arma::rowvec& b_1, const arma::mat& W_2,
                      const arma::rowvec& b_2, FfSlip slip = FfSlip::none) {
    arma::mat y = product_by_loops(ff_hidden_by_loops(X, W_1, b_1, slip), W_2);
    for (arma::uword r = 0; r < y.n_rows; ++r)
        for (arma::uword c = 0; c < y.n_cols; ++c) {
            if (slip != FfSlip::no_b2) y(r, c) += b_2(c);
            if (slip == FfSlip::relu_on_output) y(r, c) = std::max(0.0, y(r, c));
        }
    return y;
}

arma::mat ff_by_loops(const arma::mat& X, const attn::FeedForwardWeights& f) {
    return ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2);
}

// ---------------------------------------------------------------- attention and blocks by loops

// Multi-head attention by loops: each head's queries, keys and values are its
// own block of columns of the projections; it divides by sqrt(its d_k); the
// heads' outputs side by side times W_o. `causal` hides keys j > i.
arma::mat mha_by_loops(const arma::mat& X_q, const arma::mat& X_kv, const attn::AttentionWeights& a, bool causal) {
    const arma::mat Q = product_by_loops(X_q, a.W_q), K = product_by_loops(X_kv, a.W_k), V = product_by_loops(X_kv, a.W_v);
    const arma::uword h = a.heads, dk = a.W_q.n_cols / h, dv = a.W_v.n_cols / h;
    arma::mat concat(X_q.n_rows, h * dv, arma::fill::zeros);
    for (arma::uword head = 0; head < h; ++head)
        for (arma::uword i = 0; i < Q.n_rows; ++i) {
            std::vector<double> w(K.n_rows, 0.0);
            double mx = -INFINITY, total = 0;
            for (arma::uword j = 0; j < K.n_rows; ++j) {
                if (causal && j > i) continue;
                double s = 0;
                for (arma::uword c = 0; c < dk; ++c) s += Q(i, head * dk + c) * K(j, head * dk + c);
                w[j] = s / std::sqrt(static_cast<double>(dk));
                mx = std::max(mx, w[j]);
            }
            for (arma::uword j = 0; j < K.n_rows; ++j) {
                w[j] = (causal && j > i) ? 0.0 : std::exp(w[j] - mx);
                total += w[j];
            }
            for (arma::uword j = 0; j < K.n_rows; ++j)
                for (arma::uword c = 0; c < dv; ++c) concat(i, head * dv + c) += w[j] / total * V(j, head * dv + c);
        }
    return product_by_loops(concat, a.W_o);
}

arma::mat ln(const arma::mat& X, const attn::NormWeights& n) { return layer_norm_by_loops(X, n.gain, n.bias, 1e-5); }

enum class BlockSlip {
    none,
    no_residual,            // every sub-layer without its input added back
    no_residual_attention,  // only the (first) attention sub-layer without it
    no_residual_ff,         // only the feed-forward sub-layer without it
    pre_norm,               // x + sublayer(layer_norm(x)), no norm after
    encoder_masked,         // the encoder's self-attention with the causal mask
    decoder_unmasked,       // the decoder's self-attention without it
    cross_reads_state,      // cross-attention keys and values from the decoder's H1
    cross_reads_input,      // cross-attention keys and values from the decoder's input Y
    residual_after_norm,    // x + layer_norm(sublayer(x))
    ff_reads_input,         // the feed-forward layer on the block's input X (encoder) or on H1 (decoder)
    ff_reads_first,         // decoder: the feed-forward layer on Y
    norm1_everywhere,       // norm1's gain and bias for every norm
    cross_self_weights,     // decoder: the cross-attention with w.self
    cross_masked,           // decoder: the causal mask on the cross-attention too
};

// x + f(x) normalised (post-norm) or x + f(layer_norm(x)) (pre-norm), with or without x added.
template <class F>
arma::mat sublayer(const arma::mat& x, const attn::NormWeights& n, F f, bool residual, bool pre_norm,
                   bool after_norm = false) {
    if (pre_norm) return x + f(ln(x, n));
    if (after_norm) return x + ln(f(x), n);
    return ln(residual ? arma::mat(x + f(x)) : f(x), n);
}

arma::mat encoder_by_loops(const arma::mat& X, const attn::EncoderBlockWeights& w, BlockSlip slip = BlockSlip::none) {
    const bool pre = slip == BlockSlip::pre_norm;
    const bool res_att = slip != BlockSlip::no_residual && slip != BlockSlip::no_residual_attention;
    const bool res_ff = slip != BlockSlip::no_residual && slip != BlockSlip::no_residual_ff;
    const bool masked = slip == BlockSlip::encoder_masked, after = slip == BlockSlip::residual_after_norm;
    const attn::NormWeights& n2 = slip == BlockSlip::norm1_everywhere ? w.norm1 : w.norm2;
    const arma::mat H =
        sublayer(X, w.norm1, [&](const arma::mat& x) { return mha_by_loops(x, x, w.self, masked); }, res_att, pre, after);
    if (slip == BlockSlip::ff_reads_input) return ln(H + ff_by_loops(X, w.ff), n2);
    return sublayer(H, n2, [&](const arma::mat& x) { return ff_by_loops(x, w.ff); }, res_ff, pre, after);
}

arma::mat decoder_by_loops(const arma::mat& Y, const arma::mat& H_enc, const attn::DecoderBlockWeights& w,
                           BlockSlip slip = BlockSlip::none) {
    const bool pre = slip == BlockSlip::pre_norm;
    const bool res_att = slip != BlockSlip::no_residual && slip != BlockSlip::no_residual_attention;
    const bool res_ff = slip != BlockSlip::no_residual && slip != BlockSlip::no_residual_ff;
    const bool causal = slip != BlockSlip::decoder_unmasked, after = slip == BlockSlip::residual_after_norm;
    const bool one_norm = slip == BlockSlip::norm1_everywhere;
    const attn::NormWeights &n2 = one_norm ? w.norm1 : w.norm2, &n3 = one_norm ? w.norm1 : w.norm3;
    const attn::AttentionWeights& cross = slip == BlockSlip::cross_self_weights ? w.self : w.cross;
    const arma::mat H1 =
        sublayer(Y, w.norm1, [&](const arma::mat& x) { return mha_by_loops(x, x, w.self, causal); }, res_att, pre, after);
    const arma::mat& source = slip == BlockSlip::cross_reads_state ? H1 : slip == BlockSlip::cross_reads_input ? Y : H_enc;
    // in the pre-norm slip the cross-attention reads layer_norm(H1) as queries, the encoder as keys and values
    const arma::mat H2 = sublayer(H1, n2, [&](const arma::mat& q) { return mha_by_loops(q, source, cross, false); },
                                  slip != BlockSlip::no_residual, pre, after);
    if (slip == BlockSlip::ff_reads_input) return ln(H2 + ff_by_loops(H1, w.ff), n3);
    if (slip == BlockSlip::ff_reads_first) return ln(H2 + ff_by_loops(Y, w.ff), n3);
    return sublayer(H2, n3, [&](const arma::mat& x) { return ff_by_loops(x, w.ff); }, res_ff, pre, after);
}

// The known slips of an encoder block on this input.
// Every slip's variant (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<Slip> encoder_slips(const arma::mat& X, const attn::EncoderBlockWeights& w) {
    return {{m::block_residual_left_out, encoder_by_loops(X, w, BlockSlip::no_residual)},
                         {m::block_residual_left_out, encoder_by_loops(X, w, BlockSlip::no_residual_attention)},
                         {m::block_residual_left_out, encoder_by_loops(X, w, BlockSlip::no_residual_ff)},
                         {m::block_pre_norm, encoder_by_loops(X, w, BlockSlip::pre_norm)},
                         {m::encoder_masked_self_attention, encoder_by_loops(X, w, BlockSlip::encoder_masked)},
                         {m::block_residual_after_norm, encoder_by_loops(X, w, BlockSlip::residual_after_norm)},
                         {m::block_ff_reads_block_input, encoder_by_loops(X, w, BlockSlip::ff_reads_input)},
                         {m::block_norm_weights_reused, encoder_by_loops(X, w, BlockSlip::norm1_everywhere)}};
}
void report_encoder_slips(const arma::mat& got, const arma::mat& X, const attn::EncoderBlockWeights& w) {
    report_the_one_slip(got, encoder_by_loops(X, w), encoder_slips(X, w));
}

// Every slip's variant (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<Slip> decoder_slips(const arma::mat& Y, const arma::mat& H_enc, const attn::DecoderBlockWeights& w) {
    const bool same_length = Y.n_rows == H_enc.n_rows;
    // queries from the encoder: its output has L_enc rows, which H1 + cross refuses unless L_dec = L_enc
    const Slip roles = same_length ? Slip{m::cross_attention_roles_swapped, arma::mat(Y.n_rows, 0)}
                                   : attn_test::throws(m::cross_attention_roles_swapped, Threw::armadillo_size,
                                                       attn::shape_of(Y) + " and " + attn::shape_of(H_enc));
    // the causal L_dec x L_dec mask on L_dec x L_enc scores: chapter 06's rule refuses it
    const Slip masked = attn_test::throws(m::decoder_cross_attention_masked, Threw::shape_error,
                                          "mask " + std::to_string(Y.n_rows) + "x" + std::to_string(Y.n_rows));
    return {roles, same_length ? Slip{m::decoder_cross_attention_masked, arma::mat(Y.n_rows, 0)} : masked,
                         {m::block_residual_after_norm, decoder_by_loops(Y, H_enc, w, BlockSlip::residual_after_norm)},
                         {m::block_ff_reads_block_input, decoder_by_loops(Y, H_enc, w, BlockSlip::ff_reads_input)},
                         {m::block_ff_reads_block_input, decoder_by_loops(Y, H_enc, w, BlockSlip::ff_reads_first)},
                         {m::block_norm_weights_reused, decoder_by_loops(Y, H_enc, w, BlockSlip::norm1_everywhere)},
                         {m::decoder_cross_uses_self_weights, decoder_by_loops(Y, H_enc, w, BlockSlip::cross_self_weights)},
                         {m::block_residual_left_out, decoder_by_loops(Y, H_enc, w, BlockSlip::no_residual)},
                         {m::block_residual_left_out, decoder_by_loops(Y, H_enc, w, BlockSlip::no_residual_attention)},
                         {m::block_residual_left_out, decoder_by_loops(Y, H_enc, w, BlockSlip::no_residual_ff)},
                         {m::block_pre_norm, decoder_by_loops(Y, H_enc, w, BlockSlip::pre_norm)},
                         {m::decoder_without_causal_mask, decoder_by_loops(Y, H_enc, w, BlockSlip::decoder_unmasked)},
                         {m::decoder_cross_reads_decoder, decoder_by_loops(Y, H_enc, w, BlockSlip::cross_reads_state)},
                         {m::decoder_cross_reads_decoder, decoder_by_loops(Y, H_enc, w, BlockSlip::cross_reads_input)}};
}
void report_decoder_slips(const attn_test::Outcome<arma::mat>& got, const arma::mat& Y, const arma::mat& H_enc,
                          const attn::DecoderBlockWeights& w) {
    report_the_one_slip(got, decoder_by_loops(Y, H_enc, w), decoder_slips(Y, H_enc, w));
}

// Random weights of every size different: d_model 6, 2 heads of d_k 2 and d_v 3,
// d_ff 10, gains away from 1 and biases away from 0.
constexpr arma::uword kDModel = 6, kHeads = 2, kDk = 2, kDv = 3, kDff = 10;

attn::AttentionWeights random_attention() {
    attn::AttentionWeights a;
    a.W_q = arma::randn(kDModel, kHeads * kDk) * 0.7;
    a.W_k = arma::randn(kDModel, kHeads * kDk) * 0.7;
    a.W_v = arma::randn(kDModel, kHeads * kDv) * 0.7;
    a.W_o = arma::randn(kHeads * kDv, kDModel) * 0.7;
    a.heads = kHeads;
    return a;
}
attn::NormWeights random_norm() {
    return {1.0 + 0.3 * arma::randn<arma::rowvec>(kDModel), 0.2 * arma::randn<arma::rowvec>(kDModel)};
}
attn::FeedForwardWeights random_ff() {
    return {arma::randn(kDModel, kDff) * 0.6, arma::randn<arma::rowvec>(kDff) * 0.3, arma::randn(kDff, kDModel) * 0.5,
            arma::randn<arma::rowvec>(kDModel) * 0.2};
}
attn::EncoderBlockWeights random_encoder(int seed) {
    arma::arma_rng::set_seed(seed);
    attn::EncoderBlockWeights w;
    w.self = random_attention();
    w.norm1 = random_norm();
    w.ff = random_ff();
    w.norm2 = random_norm();
    return w;
}
attn::DecoderBlockWeights random_decoder(int seed) {
    arma::arma_rng::set_seed(seed);
    attn::DecoderBlockWeights w;
    w.self = random_attention();
    w.norm1 = random_norm();
    w.cross = random_attention();
    w.norm2 = random_norm();
    w.ff = random_ff();
    w.norm3 = random_norm();
    return w;
}

// Tokens whose rows differ in scale and offset, so that no sub-layer hides another.
arma::mat random_tokens(arma::uword L, int seed) {
    arma::arma_rng::set_seed(seed);
    arma::mat X = arma::randn(L, kDModel);
    for (arma::uword r = 0; r < L; ++r) X.row(r) = X.row(r) * (0.5 + 0.5 * static_cast<double>(r)) + 0.3 * static_cast<double>(r);
    return X;
}

}  // namespace

// ================================================================ layer_norm
BOOST_AUTO_TEST_SUITE(layer_norm)

BOOST_AUTO_TEST_CASE(normalises_each_row_to_mean_zero_and_variance_one) {
    const arma::mat X = rows_of_different_scale();
    const arma::rowvec ones(5, arma::fill::ones), zeros(5, arma::fill::zeros);
    const arma::mat y = attn::layer_norm(X, ones, zeros).y;
    report_norm_slips(y, X, ones, zeros, 1e-5);
    BOOST_TEST_REQUIRE((y.n_rows == 3u && y.n_cols == 5u), "y must have the shape of X (3x5); got " << attn::shape_of(y));
    for (arma::uword r = 0; r < 3; ++r) {
        double mean = 0, var = 0, raw_mean = 0, raw_var = 0;
        for (arma::uword c = 0; c < 5; ++c) mean += y(r, c) / 5, raw_mean += X(r, c) / 5;
        for (arma::uword c = 0; c < 5; ++c)
            var += (y(r, c) - mean) * (y(r, c) - mean) / 5, raw_var += (X(r, c) - raw_mean) * (X(r, c) - raw_mean) / 5;
        BOOST_TEST(std::abs(mean) < 1e-12, "row " << r << " should have mean 0 after the norm; it has " << mean);
        // eps keeps the variance a little below 1: var / (var + eps), exactly
        const double expected = raw_var / (raw_var + 1e-5);
        BOOST_TEST(std::abs(var - expected) < 1e-9,
                   "row " << r << " should have variance " << expected << " (the population variance, divided by 5); it has " << var);
    }
}

BOOST_AUTO_TEST_CASE(matches_a_scalar_loop_with_gain_and_bias) {
    const arma::mat X = rows_of_different_scale();
    const arma::mat y = attn::layer_norm(X, kGain, kBias).y;
    report_norm_slips(y, X, kGain, kBias, 1e-5);
    BOOST_TEST(matrices_close(y, layer_norm_by_loops(X, kGain, kBias, 1e-5), 1e-10, "layer_norm(X, gain, bias).y"));
}

BOOST_AUTO_TEST_CASE(puts_eps_inside_the_square_root) {
    // a large eps and rows of small spread, so where eps goes shows in every entry
    arma::arma_rng::set_seed(101);
    const arma::mat X = arma::randn(4, 7) * 0.3;
    const arma::rowvec gain = 1.0 + 0.4 * arma::randn<arma::rowvec>(7), bias = 0.5 * arma::randn<arma::rowvec>(7);
    const arma::mat y = attn::layer_norm(X, gain, bias, 0.25).y;
    report_norm_slips(y, X, gain, bias, 0.25);
    BOOST_TEST(matrices_close(y, layer_norm_by_loops(X, gain, bias, 0.25), 1e-10, "layer_norm with eps = 0.25"));
}

BOOST_AUTO_TEST_CASE(keeps_xhat_and_inv_std_for_the_backward_pass) {
    const arma::mat X = rows_of_different_scale();
    const attn::LayerNormResult r = attn::layer_norm(X, kGain, kBias);
    const NormParts p = norm_parts_by_loops(X, 1e-5);
    report_the_one_slip(r.inv_std, p.inv_std, {{m::layer_norm_inv_std_not_inverted, 1.0 / p.inv_std}});
    BOOST_TEST(matrices_close(r.xhat, p.xhat, 1e-10, "xhat (each row centred and divided by sqrt(var + eps))"));
    BOOST_TEST(matrices_close(r.inv_std, p.inv_std, 1e-10, "inv_std (1 / sqrt(var + eps), one per row)"));
}

BOOST_AUTO_TEST_CASE(a_constant_row_becomes_the_bias_without_dividing_by_zero) {
    const arma::mat X = {{2, 2, 2, 2, 2}, {1, -1, 1, -1, 3}};
    const arma::mat y = attn::layer_norm(X, kGain, kBias).y;
    BOOST_TEST_REQUIRE((y.n_rows == 2u && y.n_cols == 5u), "y must be 2x5; got " << attn::shape_of(y));
    BOOST_TEST(y.is_finite(), "a row whose entries are all equal has variance 0: eps keeps 0 / 0 away, so no NaN");
    BOOST_TEST(matrices_close(y.row(0), kBias, 1e-12, "the output of the constant row"),
               "a constant row centres to 0, so its output is the bias itself");
}

BOOST_AUTO_TEST_CASE(each_row_is_normalised_by_itself) {
    const arma::mat X = rows_of_different_scale();
    arma::mat X2 = X;
    X2.row(1) = X2.row(1) * 1000.0 + 7.0;  // only row 1 moves
    const arma::mat a = attn::layer_norm(X, kGain, kBias).y, b = attn::layer_norm(X2, kGain, kBias).y;
    BOOST_TEST_REQUIRE((a.n_rows == 3u && b.n_rows == 3u), "y must have 3 rows");
    BOOST_TEST(matrices_close(b.row(0), a.row(0), 1e-12, "row 0 after rescaling row 1"),
               "rescaling one row changed another (are the statistics taken along each row?)");
    BOOST_TEST(matrices_close(b.row(2), a.row(2), 1e-12, "row 2 after rescaling row 1"),
               "rescaling one row changed another (are the statistics taken along each row?)");
}

BOOST_AUTO_TEST_CASE(adding_a_constant_to_a_row_changes_nothing) {
    const arma::mat X = rows_of_different_scale();
    arma::mat X2 = X;
    X2.row(0) += 12.5;
    X2.row(2) -= 3.0;
    BOOST_TEST(matrices_close(attn::layer_norm(X2, kGain, kBias).y, attn::layer_norm(X, kGain, kBias).y, 1e-9,
                              "layer norm of shifted rows"),
               "each row loses its own mean, so shifting a row by a constant must change nothing");
}

BOOST_AUTO_TEST_CASE(rejects_gain_or_bias_of_the_wrong_length_naming_both) {
    const arma::mat X(3, 4, arma::fill::ones);
    const arma::rowvec four(4, arma::fill::ones), five(5, arma::fill::ones);
    const std::string g = attn_test::refusal_message<attn::ShapeError>([&] { attn::layer_norm(X, five, four); });
    BOOST_TEST(g == "layer_norm: gain and bias need one entry per column of X (1 x d_model); got X 3x4 and gain 1x5",
               "got '" << g << "'");
    const std::string b = attn_test::refusal_message<attn::ShapeError>([&] { attn::layer_norm(X, four, five); });
    BOOST_TEST(b == "layer_norm: gain and bias need one entry per column of X (1 x d_model); got X 3x4 and bias 1x5",
               "got '" << b << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ layer_norm_backward
BOOST_AUTO_TEST_SUITE(layer_norm_backward)

BOOST_AUTO_TEST_CASE(dx_matches_central_differences) {
    const BackwardCase k;
    const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.parts.xhat, k.parts.inv_std, k.gain);
    report_backward_slips(g.dX, k.dY, k.parts, k.gain);
    const arma::mat numeric =
        central_differences(k.X, [&](const arma::mat& X) { return norm_loss(X, k.gain, k.bias, k.dY); });
    BOOST_TEST(matrices_close(g.dX, numeric, 1e-6, "dX against central differences"));
}

BOOST_AUTO_TEST_CASE(dx_matches_the_formula_by_loops) {
    const BackwardCase k;
    const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.parts.xhat, k.parts.inv_std, k.gain);
    report_backward_slips(g.dX, k.dY, k.parts, k.gain);
    BOOST_TEST(matrices_close(g.dX, dx_by_loops(k.dY, k.parts, k.gain), 1e-10,
                              "dX = inv_std (dxhat - mean(dxhat) - xhat mean(dxhat % xhat))"));
}

BOOST_AUTO_TEST_CASE(dgain_and_dbias_match_central_differences) {
    const BackwardCase k;
    const attn::LayerNormGrads g = attn::layer_norm_backward(k.dY, k.parts.xhat, k.parts.inv_std, k.gain);
    {  // summed along each row instead of down each column: 1 x T, the rows' sums
        arma::mat rows_dgain(1, k.dY.n_rows, arma::fill::zeros), rows_dbias(1, k.dY.n_rows, arma::fill::zeros);
        for (arma::uword r = 0; r < k.dY.n_rows; ++r)
            for (arma::uword c = 0; c < k.dY.n_cols; ++c)
                rows_dgain(0, r) += k.dY(r, c) * k.parts.xhat(r, c), rows_dbias(0, r) += k.dY(r, c);
        if (attn_test::alike(g.dgain, rows_dgain) || attn_test::alike(g.dbias, rows_dbias))
            attn_test::report(m::layer_norm_backward_param_grads_over_features);
    }
    const arma::rowvec dgain =
        central_differences(k.gain, [&](const arma::rowvec& gn) { return norm_loss(k.X, gn, k.bias, k.dY); });
    const arma::rowvec dbias =
        central_differences(k.bias, [&](const arma::rowvec& bs) { return norm_loss(k.X, k.gain, bs, k.dY); });
    if (!attn_test::alike(dbias, dgain) && attn_test::alike(g.dbias, dgain, 1e-6) && attn_test::alike(g.dgain, dgain, 1e-6))
        attn_test::report(m::layer_norm_backward_dbias_times_xhat);
    BOOST_TEST(matrices_close(g.dgain, dgain, 1e-6, "dgain (sum over the rows of dY % xhat)"));
    BOOST_TEST(matrices_close(g.dbias, dbias, 1e-6, "dbias (sum over the rows of dY)"));
}

BOOST_AUTO_TEST_CASE(each_row_of_dx_sums_to_zero) {
    // Shifting a row by a constant leaves layer norm's output as it was, so the
    // gradient has no component along (1, 1, ..., 1): each row of dX sums to 0.
    const BackwardCase k;
    const arma::mat dX = attn::layer_norm_backward(k.dY, k.parts.xhat, k.parts.inv_std, k.gain).dX;
    BOOST_TEST_REQUIRE((dX.n_rows == 4u && dX.n_cols == 6u), "dX must have the shape of X (4x6); got " << attn::shape_of(dX));
    for (arma::uword r = 0; r < 4; ++r) {
        double s = 0;
        for (arma::uword c = 0; c < 6; ++c) s += dX(r, c);
        BOOST_TEST(std::abs(s) < 1e-9, "row " << r << " of dX sums to " << s << ", not 0: is the mean's term there?");
    }
}

BOOST_AUTO_TEST_CASE(rejects_dy_of_another_shape_naming_both) {
    const BackwardCase k;
    const arma::mat dY(4, 5, arma::fill::ones);
    const std::string msg =
        attn_test::refusal_message<attn::ShapeError>([&] { attn::layer_norm_backward(dY, k.parts.xhat, k.parts.inv_std, k.gain); });
    BOOST_TEST(mentions(msg, "layer_norm_backward:"), "expected a ShapeError naming layer_norm_backward; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "dY 4x5") && mentions(msg, "xhat 4x6")), "the message should give dY 4x5 and xhat 4x6; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ feed_forward
BOOST_AUTO_TEST_SUITE(feed_forward)

namespace {
// Every slip's variant (the list the recogniser compares with, and the
// `distinguishable` suite checks).
std::vector<Slip> ff_slips(const arma::mat& X, const Ff& f) {
    return {attn_test::throws(m::bias_added_without_each_row, Threw::armadillo_size, "addition"),
            {m::feed_forward_without_relu, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, FfSlip::no_relu)},
            {m::feed_forward_relu_on_output, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, FfSlip::relu_on_output)},
            {m::feed_forward_without_b1, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, FfSlip::no_b1)},
            {m::feed_forward_without_b2, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, FfSlip::no_b2)},
            {m::feed_forward_relu_before_bias, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2, FfSlip::relu_before_bias)}};
}
}  // namespace

BOOST_AUTO_TEST_CASE(matches_a_scalar_loop) {
    const Ff f(5, 7, 301);
    arma::arma_rng::set_seed(302);
    const arma::mat X = arma::randn(3, 5);
    const auto tried = attn_test::attempt([&] { return attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2).y; });
    const arma::mat& y = tried.value;
    // X W_1 + b_1 or H W_2 + b_2 with a plain +: Armadillo refuses a 3-row matrix plus a 1-row bias
    report_the_one_slip(tried, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2), ff_slips(X, f));
    if (attn_test::returned(tried, "feed_forward(X 3x5, ...)"))
        BOOST_TEST(matrices_close(y, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2), 1e-10, "y = relu(X W_1 + b_1) W_2 + b_2"));
}

BOOST_AUTO_TEST_CASE(keeps_the_hidden_layer_after_the_relu) {
    const Ff f(5, 7, 303);
    arma::arma_rng::set_seed(304);
    const arma::mat X = arma::randn(4, 5);
    const attn::FeedForwardResult r = attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2);
    const arma::mat& H = r.H;
    // y right but H the hidden layer before its relu: only what was kept is wrong
    if (attn_test::alike(r.y, ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2)))
        report_the_one_slip(H, ff_hidden_by_loops(X, f.W_1, f.b_1, FfSlip::none),
                            {{m::feed_forward_hidden_before_relu, ff_hidden_by_loops(X, f.W_1, f.b_1, FfSlip::no_relu)}});
    BOOST_TEST(matrices_close(H, ff_hidden_by_loops(X, f.W_1, f.b_1, FfSlip::none), 1e-10, "H = relu(X W_1 + b_1)"));
    BOOST_TEST(H.min() >= 0.0, "H comes after the relu, so none of its entries is negative; its smallest is " << H.min());
}

BOOST_AUTO_TEST_CASE(works_on_each_row_by_itself) {
    const Ff f(5, 7, 305);
    arma::arma_rng::set_seed(306);
    const arma::mat X = arma::randn(4, 5);
    const arma::mat y = attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2).y;
    BOOST_TEST_REQUIRE(y.n_rows == 4u, "one output row per input row (4); got " << y.n_rows);
    for (arma::uword r = 0; r < 4; ++r)
        BOOST_TEST(matrices_close(attn::feed_forward(X.row(r), f.W_1, f.b_1, f.W_2, f.b_2).y, y.row(r), 1e-12,
                                  "row " + std::to_string(r) + " fed alone"),
                   "the layer is position-wise: a row must come out the same alone as among the others");
}

BOOST_AUTO_TEST_CASE(rejects_w2_that_does_not_fit_w1_naming_both) {
    const Ff f(5, 7, 307);
    const arma::mat X(3, 5, arma::fill::ones), W_2(6, 5, arma::fill::ones);
    const std::string msg = attn_test::refusal_message<attn::ShapeError>([&] { attn::feed_forward(X, f.W_1, f.b_1, W_2, f.b_2); });
    BOOST_TEST(mentions(msg, "feed_forward:"), "expected a ShapeError naming feed_forward; got '" << msg << "'");
    BOOST_TEST((mentions(msg, "W_2 6x5") && mentions(msg, "W_1 5x7")), "the message should give W_2 6x5 and W_1 5x7; got '" << msg << "'");
}

BOOST_AUTO_TEST_CASE(rejects_input_narrower_than_w1) {
    const Ff f(5, 7, 308);
    const arma::mat X(3, 4, arma::fill::ones);
    const std::string msg = attn_test::refusal_message<attn::ShapeError>([&] { attn::feed_forward(X, f.W_1, f.b_1, f.W_2, f.b_2); });
    BOOST_TEST((mentions(msg, "feed_forward:") && mentions(msg, "X 3x4") && mentions(msg, "W_1 5x7")),
               "expected a ShapeError naming feed_forward, X 3x4 and W_1 5x7; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ encoder_block
BOOST_AUTO_TEST_SUITE(encoder_block)

BOOST_AUTO_TEST_CASE(matches_the_composition_by_loops) {
    const attn::EncoderBlockWeights w = random_encoder(401);
    const arma::mat X = random_tokens(5, 402);
    const arma::mat out = attn::encoder_block(X, w);
    report_encoder_slips(out, X, w);
    BOOST_TEST(matrices_close(out, encoder_by_loops(X, w), 1e-9,
                              "layer_norm(H + feed_forward(H)) with H = layer_norm(X + self-attention(X))"));
}

BOOST_AUTO_TEST_CASE(ends_with_a_layer_norm_so_every_row_has_mean_zero) {
    attn::EncoderBlockWeights w = random_encoder(403);
    w.norm2 = {arma::rowvec(kDModel, arma::fill::ones), arma::rowvec(kDModel, arma::fill::zeros)};
    const arma::mat X = random_tokens(4, 404);
    const arma::mat out = attn::encoder_block(X, w);
    report_encoder_slips(out, X, w);
    BOOST_TEST_REQUIRE((out.n_rows == 4u && out.n_cols == kDModel), "the output must have the shape of X (4x6); got " << attn::shape_of(out));
    for (arma::uword r = 0; r < 4; ++r) {
        double mean = 0;
        for (arma::uword c = 0; c < kDModel; ++c) mean += out(r, c) / kDModel;
        BOOST_TEST(std::abs(mean) < 1e-12, "with the last norm's gain 1 and bias 0, row " << r << " must have mean 0; it has " << mean
                                                                                           << " (post-norm: the norm comes last)");
    }
}

BOOST_AUTO_TEST_CASE(reordering_the_tokens_only_reorders_the_output) {
    // Without positions (chapter 08) nothing in the block knows the order.
    const attn::EncoderBlockWeights w = random_encoder(405);
    const arma::mat X = random_tokens(5, 406);
    const arma::uvec order = {3, 0, 4, 1, 2};
    const arma::mat a = attn::encoder_block(X, w), b = attn::encoder_block(X.rows(order), w);
    BOOST_TEST(matrices_close(b, a.rows(order), 1e-10, "the output of the reordered tokens"),
               "every token reads every other, so reordering the input should reorder the output rows and nothing"
               " else (is the encoder's self-attention masked?)");
}

BOOST_AUTO_TEST_CASE(rejects_input_of_the_wrong_width) {
    const attn::EncoderBlockWeights w = random_encoder(407);
    const arma::mat X(3, kDModel + 1, arma::fill::ones);
    const std::string msg = thrown_message<attn::ShapeError>([&] { attn::encoder_block(X, w); });
    BOOST_TEST(mentions(msg, "3x7"), "a 3x7 input for weights of d_model 6 must throw a ShapeError naming 3x7; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ decoder_block
BOOST_AUTO_TEST_SUITE(decoder_block)

BOOST_AUTO_TEST_CASE(matches_the_composition_by_loops) {
    const attn::DecoderBlockWeights w = random_decoder(501);
    const arma::mat Y = random_tokens(4, 502), H_enc = random_tokens(5, 503);
    const auto out = attn_test::attempt([&] { return attn::decoder_block(Y, H_enc, w); });
    report_decoder_slips(out, Y, H_enc, w);
    if (attn_test::returned(out, "decoder_block(Y 4x6, H_enc 5x6)"))
        BOOST_TEST(matrices_close(out.value, decoder_by_loops(Y, H_enc, w), 1e-9,
                              "causal self-attention, cross-attention on H_enc, feed-forward, each added back and normalised"));
}

BOOST_AUTO_TEST_CASE(has_one_row_per_decoder_token) {
    const attn::DecoderBlockWeights w = random_decoder(504);
    const arma::mat Y = random_tokens(3, 505), H_enc = random_tokens(7, 506);
    const arma::mat out = attn::decoder_block(Y, H_enc, w);
    BOOST_TEST((out.n_rows == 3u && out.n_cols == kDModel),
               "3 decoder tokens over 7 encoder tokens give a 3x6 output; got " << attn::shape_of(out));
}

BOOST_AUTO_TEST_CASE(changing_a_later_token_leaves_every_earlier_row_unchanged) {
    const attn::DecoderBlockWeights w = random_decoder(507);
    const arma::mat Y = random_tokens(5, 508), H_enc = random_tokens(4, 509);
    const auto tried = attn_test::attempt([&] { return attn::decoder_block(Y, H_enc, w); });
    report_decoder_slips(tried, Y, H_enc, w);
    if (!attn_test::returned(tried, "decoder_block(Y 5x6, H_enc 4x6)")) return;
    const arma::mat& a = tried.value;
    BOOST_TEST_REQUIRE(a.n_rows == 5u, "one output row per decoder token (5); got " << a.n_rows);
    arma::arma_rng::set_seed(510);
    for (arma::uword p = 1; p < 5; ++p) {
        arma::mat Y2 = Y;
        Y2.row(p) = arma::randn<arma::rowvec>(kDModel) * 2.0;
        const arma::mat b = attn::decoder_block(Y2, H_enc, w);
        BOOST_TEST(matrices_close(b.rows(0, p - 1), a.rows(0, p - 1), 1e-12, "rows before position " + std::to_string(p)),
                   "changing decoder token " << p << " moved an earlier row (does the self-attention get causal_mask?)");
        BOOST_TEST(arma::abs(b.row(p) - a.row(p)).max() > 1e-6, "row " << p << " should change with its own token");
    }
}

BOOST_AUTO_TEST_CASE(reads_its_keys_and_values_from_the_encoder) {
    const attn::DecoderBlockWeights w = random_decoder(511);
    const arma::mat Y = random_tokens(4, 512), H_enc = random_tokens(5, 513);
    arma::mat H2 = H_enc;
    H2.row(4) = H2.row(4) * -2.0 + 1.0;  // one source token changed
    const arma::mat a = attn::decoder_block(Y, H_enc, w), b = attn::decoder_block(Y, H2, w);
    BOOST_TEST_REQUIRE((a.n_rows == 4u && b.n_rows == 4u), "one output row per decoder token (4)");
    for (arma::uword r = 0; r < 4; ++r)
        BOOST_TEST(arma::abs(b.row(r) - a.row(r)).max() > 1e-6,
                   "changing the encoder's last token left decoder row " << r << " as it was: the cross-attention's keys "
                   "and values must come from H_enc, which every decoder row may read");
}

BOOST_AUTO_TEST_CASE(rejects_encoder_output_of_the_wrong_width) {
    const attn::DecoderBlockWeights w = random_decoder(514);
    const arma::mat Y = random_tokens(3, 515), H_enc(4, kDModel - 1, arma::fill::ones);
    const std::string msg = thrown_message<attn::ShapeError>([&] { attn::decoder_block(Y, H_enc, w); });
    BOOST_TEST(mentions(msg, "4x5"), "an H_enc 4x5 for weights of d_model 6 must throw a ShapeError naming 4x5; got '" << msg << "'");
}

BOOST_AUTO_TEST_SUITE_END()

// ==================================================================== distinguishable
// On every input where the tests above name a slip, each slip's variant (the same
// list the recogniser compares with) differs from the right answer and from every
// other slip's; the lists below say which variants give the right answer on an input
// (the recogniser skips those there).
BOOST_AUTO_TEST_SUITE(distinguishable)

BOOST_AUTO_TEST_CASE(layer_norm) {
    const arma::mat X = rows_of_different_scale();
    const arma::rowvec ones(5, arma::fill::ones), zeros(5, arma::fill::zeros);
    // Gain 1 and bias 0: leaving them out changes nothing there (the next input names it).
    attn_test::require_slips_apart("rows of different scale, gain 1, bias 0", layer_norm_by_loops(X, ones, zeros, 1e-5),
                                   norm_slips(X, ones, zeros, 1e-5), {"layer_norm_without_gain_bias"});
    attn_test::require_slips_apart("rows of different scale", layer_norm_by_loops(X, kGain, kBias, 1e-5),
                                   norm_slips(X, kGain, kBias, 1e-5));
    arma::arma_rng::set_seed(101);
    const arma::mat X2 = arma::randn(4, 7) * 0.3;
    const arma::rowvec gain = 1.0 + 0.4 * arma::randn<arma::rowvec>(7), bias = 0.5 * arma::randn<arma::rowvec>(7);
    attn_test::require_slips_apart("eps 0.25", layer_norm_by_loops(X2, gain, bias, 0.25), norm_slips(X2, gain, bias, 0.25));
    const NormParts p = norm_parts_by_loops(X, 1e-5);
    attn_test::require_slips_apart("inv_std", p.inv_std, {{m::layer_norm_inv_std_not_inverted, 1.0 / p.inv_std}});
}

BOOST_AUTO_TEST_CASE(layer_norm_backward) {
    const BackwardCase k;
    attn_test::require_slips_apart("the backward case", dx_by_loops(k.dY, k.parts, k.gain),
                                   backward_slips(k.dY, k.parts, k.gain));
}

BOOST_AUTO_TEST_CASE(feed_forward) {
    const Ff f(5, 7, 301);
    arma::arma_rng::set_seed(302);
    const arma::mat X = arma::randn(3, 5);
    attn_test::require_slips_apart("X 3x5", ff_by_loops(X, f.W_1, f.b_1, f.W_2, f.b_2), ::feed_forward::ff_slips(X, f));
    const Ff g(5, 7, 303);
    arma::arma_rng::set_seed(304);
    const arma::mat X4 = arma::randn(4, 5);
    attn_test::require_slips_apart("the hidden layer", ff_hidden_by_loops(X4, g.W_1, g.b_1, FfSlip::none),
                                   {{m::feed_forward_hidden_before_relu, ff_hidden_by_loops(X4, g.W_1, g.b_1, FfSlip::no_relu)}});
}

BOOST_AUTO_TEST_CASE(encoder_block) {
    const attn::EncoderBlockWeights w = random_encoder(401);
    const arma::mat X = random_tokens(5, 402);
    attn_test::require_slips_apart("X 5x6", encoder_by_loops(X, w), encoder_slips(X, w));
    attn::EncoderBlockWeights w2 = random_encoder(403);
    w2.norm2 = {arma::rowvec(kDModel, arma::fill::ones), arma::rowvec(kDModel, arma::fill::zeros)};
    const arma::mat X2 = random_tokens(4, 404);
    attn_test::require_slips_apart("X 4x6, norm2 without gain and bias", encoder_by_loops(X2, w2), encoder_slips(X2, w2));
}

BOOST_AUTO_TEST_CASE(decoder_block) {
    const attn::DecoderBlockWeights w = random_decoder(501);
    const arma::mat Y = random_tokens(4, 502), H_enc = random_tokens(5, 503);
    attn_test::require_slips_apart("Y 4x6, H_enc 5x6", decoder_by_loops(Y, H_enc, w), decoder_slips(Y, H_enc, w));
    const attn::DecoderBlockWeights w2 = random_decoder(507);
    const arma::mat Y2 = random_tokens(5, 508), H2 = random_tokens(4, 509);
    attn_test::require_slips_apart("Y 5x6, H_enc 4x6", decoder_by_loops(Y2, H2, w2), decoder_slips(Y2, H2, w2));
}

BOOST_AUTO_TEST_SUITE_END()

// ================================================================ chapter (the lab)
BOOST_AUTO_TEST_SUITE(chapter)

namespace lab = attn::transformer_blocks_lab;

BOOST_AUTO_TEST_CASE(fixed_matrix_is_the_same_every_time_and_within_its_scale) {
    const arma::mat a = lab::fixed_matrix(4, 6, 7, 0.5), b = lab::fixed_matrix(4, 6, 7, 0.5), c = lab::fixed_matrix(4, 6, 8, 0.5);
    BOOST_TEST(matrices_close(a, b, 0.0, "fixed_matrix twice"));
    BOOST_TEST(arma::abs(a - c).max() > 0.01, "another seed must give other numbers");
    BOOST_TEST((a.min() >= -0.5 && a.max() < 0.5));
    BOOST_TEST(a.min() < 0.0);
}

BOOST_AUTO_TEST_CASE(row_stats_uses_the_population_variance) {
    const arma::mat X = {{1, 2, 3, 4}, {5, 5, 5, 5}};
    const lab::RowStats s = lab::row_stats(X);
    BOOST_TEST(std::abs(s.mean(0) - 2.5) < 1e-15);
    BOOST_TEST(std::abs(s.variance(0) - 1.25) < 1e-15, "(2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25; got " << s.variance(0));
    BOOST_TEST(s.variance(1) == 0.0);
}

BOOST_AUTO_TEST_CASE(the_gradient_check_passes_the_reference_and_fails_without_either_term) {
    arma::mat X = lab::fixed_matrix(3, 5, 1, 1.0);
    X.row(1) *= 10.0;
    const arma::rowvec gain = 1.0 + lab::fixed_matrix(1, 5, 2, 0.5), bias = lab::fixed_matrix(1, 5, 3, 0.5);
    const lab::GradientCheck c = lab::check_layer_norm_backward(X, gain, bias, lab::fixed_matrix(3, 5, 4, 1.0));
    BOOST_TEST(c.dX < 1e-6);
    BOOST_TEST(c.dgain < 1e-6);
    BOOST_TEST(c.dbias < 1e-6);
    BOOST_TEST(c.without_mean_term > 0.01);
    BOOST_TEST(c.without_variance_term > 0.01);
}

BOOST_AUTO_TEST_CASE(relative_error_is_zero_for_equal_and_one_for_opposite) {
    const arma::mat a = {{1, 2}, {3, 4}};
    BOOST_TEST(lab::relative_error(a, a) == 0.0);
    BOOST_TEST(std::abs(lab::relative_error(a, 2 * a) - 1.0 / 3.0) < 1e-15);
    BOOST_TEST(lab::relative_error(arma::mat(2, 2, arma::fill::zeros), arma::mat(2, 2, arma::fill::zeros)) == 0.0);
}

BOOST_AUTO_TEST_CASE(numeric_grads_of_layer_norm_agree_with_the_loop_formula) {
    const BackwardCase k;
    const attn::LayerNormGrads n = lab::numeric_layer_norm_grads(k.X, k.gain, k.bias, k.dY);
    BOOST_TEST(matrices_close(n.dX, dx_by_loops(k.dY, k.parts, k.gain), 1e-6, "numeric dX"));
}

BOOST_AUTO_TEST_CASE(the_unmasked_decoder_leaks_and_the_block_does_not) {
    const arma::mat H_enc = attn::encoder_block(attn::example::X(), lab::example_encoder_weights());
    const arma::mat Y = lab::decoder_input();
    arma::mat Y2 = Y;
    Y2.row(2) = arma::rowvec{1, 0, 0, 1};
    const attn::DecoderBlockWeights w = lab::example_decoder_weights();
    const arma::colvec open = lab::largest_change_per_row(lab::decoder_block_without_mask(Y, H_enc, w),
                                                          lab::decoder_block_without_mask(Y2, H_enc, w));
    const arma::colvec masked = lab::largest_change_per_row(attn::decoder_block(Y, H_enc, w), attn::decoder_block(Y2, H_enc, w));
    BOOST_TEST(std::max(open(0), open(1)) > 0.01);
    BOOST_TEST(std::max(masked(0), masked(1)) < 1e-12);
    BOOST_TEST(masked(2) > 0.01);
    BOOST_TEST(matrices_close(lab::decoder_block_without_mask(Y, H_enc, w),
                              decoder_by_loops(Y, H_enc, w, BlockSlip::decoder_unmasked), 1e-9, "the unmasked decoder"));
}

BOOST_AUTO_TEST_CASE(the_residual_keeps_each_token_closer_to_its_own_row) {
    const lab::ResidualComparison c = lab::first_sublayer(attn::example::X(), lab::example_encoder_weights());
    const arma::colvec with = lab::centred_row_cosines(attn::example::X(), c.with_residual);
    const arma::colvec without = lab::centred_row_cosines(attn::example::X(), c.without_residual);
    for (arma::uword r = 0; r < 3; ++r) BOOST_TEST(with(r) > without(r), "token " << r);
}

BOOST_AUTO_TEST_CASE(centred_row_cosines_ignore_offsets_and_scale) {
    const arma::mat a = {{1, 2, 3}, {1, 0, 1}}, b = {{12, 14, 16}, {-1, 0, -1}};
    const arma::colvec c = lab::centred_row_cosines(a, b);
    BOOST_TEST(std::abs(c(0) - 1.0) < 1e-12);
    BOOST_TEST(std::abs(c(1) + 1.0) < 1e-12);
}

BOOST_AUTO_TEST_CASE(layer_norm_figure_has_a_series_per_row_before_and_after) {
    const lab::ScaledRows s = lab::rows_of_different_scale();
    const arma::mat y = attn::layer_norm(s.X, arma::rowvec(8, arma::fill::ones), arma::rowvec(8, arma::fill::zeros)).y;
    const attn::plot::Figure f = lab::layer_norm_figure(s.names, s.X, y);
    BOOST_TEST_REQUIRE(f.panels.size() == 2u);
    const auto& before = std::get<attn::plot::LineChart>(f.panels[0]);
    const auto& after = std::get<attn::plot::LineChart>(f.panels[1]);
    BOOST_TEST(before.series.size() == 5u);
    BOOST_TEST(after.series.size() == 5u);
    BOOST_TEST(before.series[2].y.size() == 8u);
    BOOST_TEST(before.series[2].y[1] == 900.0);
    BOOST_TEST(std::abs(after.series[2].y[1] - y(2, 1)) < 1e-15);
    BOOST_TEST(mentions(before.series[3].title, "mean 1000.00"), before.series[3].title);
    const std::string script = attn::plot::script(f);
    BOOST_TEST(mentions(script, "multiplot"));
}

BOOST_AUTO_TEST_SUITE_END()
