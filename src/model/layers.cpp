// layers.cpp: chapter 12's layers, forward and backward (see layers.hpp).
//
// Dimension legend: T = tokens in the batch, L_q / L_kv = tokens of one
// sequence on the query / key-value side, d_model, d_k, d_v, d_ff widths.
// Every backward line names the forward line it differentiates.
#include "model/layers.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "contracts/07_cross_attention.hpp"
#include "contracts/11_training.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn::model {

namespace {
constexpr double kNormEpsilon = 1e-5;
}

void Segments::add(arma::uword n) {
    start.push_back(total);
    length.push_back(n);
    total += n;
}

arma::mat Segments::rows_of(const arma::mat& M, std::size_t i) const {
    return M.rows(start[i], start[i] + length[i] - 1);  // (length[i], M.n_cols)
}

// ---------------------------------------------------------------- attention

arma::mat AttentionLayer::forward(const AttentionParams& P, const arma::mat& x_q, const Segments& seg_q,
                                  const arma::mat& x_kv, const Segments& seg_kv) {
    const arma::mat &Wq = P.W_q.value, &Wk = P.W_k.value, &Wv = P.W_v.value;
    const arma::uword d_k = Wk.n_cols, d_v = Wv.n_cols;
    const std::size_t n = seg_q.count();
    Z.set_size(x_q.n_rows, d_v);  // (T_q, d_v), filled sequence by sequence
    A.resize(n);
    if (kind == Kind::causal_self) {
        // pass 1: the projections, for the whole batch in one product (the
        // backward pass needs them, and causal_attention_pass takes them):
        // QKV = X [W_q W_k W_v]
        const arma::mat QKV = project(x_q, arma::join_rows(Wq, Wk, Wv));  // (T, 2 d_k + d_v)
        q.resize(n);
        k.resize(n);
        v.resize(n);
        for (std::size_t s = 0; s < n; ++s) {
            const arma::span rows(seg_q.start[s], seg_q.start[s] + seg_q.length[s] - 1);
            q[s] = QKV(rows, arma::span(0, d_k - 1));                  // (L, d_k)
            k[s] = QKV(rows, arma::span(d_k, 2 * d_k - 1));            // (L, d_k)
            v[s] = QKV(rows, arma::span(2 * d_k, 2 * d_k + d_v - 1));  // (L, d_v)
        }
    }
    // pass 2: attention, one sequence at a time, through the chapters' functions
    for (std::size_t s = 0; s < n; ++s) {
        AttentionResult r;
        if (kind == Kind::causal_self)
            r = masked_attention(q[s], k[s], v[s], causal_mask(seg_q.length[s]));  // weights (L, L), output (L, d_v)
        else if (kind == Kind::self)
            r = self_attention(seg_q.rows_of(x_q, s), Wq, Wk, Wv);  // weights (L, L), output (L, d_v)
        else
            r = cross_attention(seg_q.rows_of(x_q, s), seg_kv.rows_of(x_kv, s), Wq, Wk, Wv);  // (L_q, L_kv), (L_q, d_v)
        Z.rows(seg_q.start[s], seg_q.start[s] + seg_q.length[s] - 1) = r.output;  // (L_q, d_v)
        A[s] = std::move(r.weights);                                            // (L_q, L_kv)
    }
    // pass 3: out = Z W_o
    return Z * P.W_o.value;  // (T_q, d_model)
}

arma::mat AttentionLayer::backward(AttentionParams& P, const arma::mat& d_out, const arma::mat& x_q,
                                   const Segments& seg_q, const arma::mat& x_kv, const Segments& seg_kv,
                                   arma::mat& d_kv) {
    const arma::mat &Wq = P.W_q.value, &Wk = P.W_k.value, &Wv = P.W_v.value;
    const arma::uword d_k = Wk.n_cols, d_v = Wv.n_cols;
    const std::size_t n = seg_q.count();
    // forward was: out = Z W_o, so: dW_o = Z^T d_out, dZ = d_out W_o^T
    P.W_o.grad += Z.t() * d_out;                    // (d_v, d_model)
    const arma::mat dZ = d_out * P.W_o.value.t();  // (T_q, d_v)

    // self_attention and cross_attention projected inside the call; the
    // attention backward pass needs the projections, so make them again here,
    // for the batch at once, as the causal layer did in its forward pass
    const bool self = kind != Kind::cross;
    if (kind != Kind::causal_self) {
        // self: [Q K V] = X [W_q W_k W_v] in one product; cross: Q = X_q W_q, [K V] = X_kv [W_k W_v]
        const arma::mat Q = self ? arma::mat() : project(x_q, Wq);   // (T_q, d_k), cross only
        const arma::mat KV = self ? project(x_q, arma::join_rows(Wq, Wk, Wv))  // (T, 2 d_k + d_v)
                                  : project(x_kv, arma::join_rows(Wk, Wv));    // (T_kv, d_k + d_v)
        const arma::uword k0 = self ? d_k : 0;  // where K starts in KV
        q.resize(n);
        k.resize(n);
        v.resize(n);
        for (std::size_t s = 0; s < n; ++s) {
            const arma::span rows(seg_kv.start[s], seg_kv.start[s] + seg_kv.length[s] - 1);
            q[s] = self ? arma::mat(KV(rows, arma::span(0, d_k - 1))) : seg_q.rows_of(Q, s);  // (L_q, d_k)
            k[s] = KV(rows, arma::span(k0, k0 + d_k - 1));              // (L_kv, d_k)
            v[s] = KV(rows, arma::span(k0 + d_k, k0 + d_k + d_v - 1));  // (L_kv, d_v)
        }
    }
    // forward was: Z_s = softmax(Q_s K_s^T / sqrt(d_k) [+ mask]) V_s, per sequence:
    // dQ_s, dK_s, dV_s from attention_backward (chapter 12), side by side like
    // the projections: dQ (T_q, d_k) and dKV = [dK dV] (T_kv, d_k + d_v)
    // every row belongs to one sequence, so every entry is written below: no fill
    arma::mat dQ(x_q.n_rows, d_k, arma::fill::none), dKV(x_kv.n_rows, d_k + d_v, arma::fill::none);
    for (std::size_t s = 0; s < n; ++s) {
        const AttentionGrads g = attention_backward(q[s], k[s], v[s], A[s], seg_q.rows_of(dZ, s));
        const arma::uword r0 = seg_kv.start[s], r1 = seg_kv.start[s] + seg_kv.length[s] - 1;
        dQ.rows(seg_q.start[s], seg_q.start[s] + seg_q.length[s] - 1) = g.dQ;  // (L_q, d_k)
        dKV(arma::span(r0, r1), arma::span(0, d_k - 1)) = g.dK;               // (L_kv, d_k)
        dKV(arma::span(r0, r1), arma::span(d_k, d_k + d_v - 1)) = g.dV;       // (L_kv, d_v)
    }
    if (self) {
        // forward was: QKV = X [W_q W_k W_v], so: d[W_q W_k W_v] = X^T [dQ dK dV], dX = [dQ dK dV] [W_q W_k W_v]^T
        const arma::mat dQKV = arma::join_rows(dQ, dKV);  // (T, 2 d_k + d_v)
        const arma::mat dW = x_q.t() * dQKV;              // (d_model, 2 d_k + d_v)
        P.W_q.grad += dW.cols(0, d_k - 1);                // (d_model, d_k)
        P.W_k.grad += dW.cols(d_k, 2 * d_k - 1);          // (d_model, d_k)
        P.W_v.grad += dW.cols(2 * d_k, 2 * d_k + d_v - 1);  // (d_model, d_v)
        return dQKV * arma::join_rows(Wq, Wk, Wv).t();    // (T, d_model)
    }
    // forward was: Q = X_q W_q, so: dW_q = X_q^T dQ, dX_q = dQ W_q^T
    P.W_q.grad += x_q.t() * dQ;  // (d_model, d_k)
    // forward was: [K V] = X_kv [W_k W_v], so: d[W_k W_v] = X_kv^T [dK dV], dX_kv = [dK dV] [W_k W_v]^T
    const arma::mat dW = x_kv.t() * dKV;        // (d_model, d_k + d_v)
    P.W_k.grad += dW.cols(0, d_k - 1);          // (d_model, d_k)
    P.W_v.grad += dW.cols(d_k, d_k + d_v - 1);  // (d_model, d_v)
    d_kv += dKV * arma::join_rows(Wk, Wv).t();  // (T_kv, d_model)
    return dQ * Wq.t();                         // (T_q, d_model)
}

// ---------------------------------------------------------------- layer norm
// Written as loops down the columns (Armadillo stores columns contiguously),
// one pass per quantity: the each_col / each_row version took 13% of a step.

arma::mat LayerNorm::forward(const NormParams& P, const arma::mat& x) {
    const arma::uword T = x.n_rows, d = x.n_cols;
    // pass 1: each row's mean
    arma::colvec mu(T, arma::fill::zeros);  // (T)
    for (arma::uword c = 0; c < d; ++c) {
        const double* col = x.colptr(c);
        for (arma::uword r = 0; r < T; ++r) mu[r] += col[r];
    }
    mu /= static_cast<double>(d);
    // pass 2: centre, and each row's variance
    arma::colvec var(T, arma::fill::zeros);  // (T)
    xhat.set_size(T, d);                     // (T, d_model)
    for (arma::uword c = 0; c < d; ++c) {
        const double* col = x.colptr(c);
        double* h = xhat.colptr(c);
        for (arma::uword r = 0; r < T; ++r) {
            h[r] = col[r] - mu[r];
            var[r] += h[r] * h[r];
        }
    }
    inv_std.set_size(T);  // (T)
    for (arma::uword r = 0; r < T; ++r) inv_std[r] = 1.0 / std::sqrt(var[r] / static_cast<double>(d) + kNormEpsilon);
    // pass 3: xhat = (x - mean) * inv_std, then y = gain % xhat + bias
    arma::mat y(T, d, arma::fill::none);  // (T, d_model), every entry written below
    for (arma::uword c = 0; c < d; ++c) {
        const double g = P.gain.value[c], b = P.bias.value[c];
        double* h = xhat.colptr(c);
        double* out = y.colptr(c);
        for (arma::uword r = 0; r < T; ++r) {
            h[r] *= inv_std[r];
            out[r] = g * h[r] + b;
        }
    }
    return y;
}

arma::mat LayerNorm::backward(NormParams& P, const arma::mat& dy) {
    const arma::uword T = dy.n_rows, d = dy.n_cols;
    // forward was: y = gain % xhat + bias, so: dgain = sum over rows of dy % xhat,
    // dbias = sum over rows of dy, dxhat = dy % gain.
    // forward was: xhat = (x - mean) * inv_std; the mean and the variance depend
    // on every entry of the row, which gives the two subtracted terms:
    //   dx = inv_std * (dxhat - mean(dxhat) - xhat * mean(dxhat % xhat))
    arma::colvec mean_d(T, arma::fill::zeros), mean_dx(T, arma::fill::zeros);  // (T) each
    for (arma::uword c = 0; c < d; ++c) {
        const double g = P.gain.value[c];
        const double* in = dy.colptr(c);
        const double* h = xhat.colptr(c);
        double dg = 0, db = 0;
        for (arma::uword r = 0; r < T; ++r) {
            dg += in[r] * h[r];
            db += in[r];
            mean_d[r] += in[r] * g;
            mean_dx[r] += in[r] * g * h[r];
        }
        P.gain.grad[c] += dg;
        P.bias.grad[c] += db;
    }
    mean_d /= static_cast<double>(d);
    mean_dx /= static_cast<double>(d);
    arma::mat dx(T, d, arma::fill::none);  // (T, d_model), every entry written below
    for (arma::uword c = 0; c < d; ++c) {
        const double g = P.gain.value[c];
        const double* in = dy.colptr(c);
        const double* h = xhat.colptr(c);
        double* out = dx.colptr(c);
        for (arma::uword r = 0; r < T; ++r) out[r] = (in[r] * g - mean_d[r] - h[r] * mean_dx[r]) * inv_std[r];
    }
    return dx;
}

// ---------------------------------------------------------------- feed-forward

arma::mat FeedForward::forward(const FeedForwardParams& P, const arma::mat& x) {
    H = x * P.W_1.value;  // (T, d_ff)
    // + b_1 and relu in one pass down each column (Armadillo stores columns contiguously)
    for (arma::uword c = 0; c < H.n_cols; ++c) {
        const double b = P.b_1.value[c];
        double* h = H.colptr(c);
        for (arma::uword r = 0; r < H.n_rows; ++r) h[r] = std::max(0.0, h[r] + b);
    }
    arma::mat y = H * P.W_2.value;  // (T, d_model)
    y.each_row() += P.b_2.value;
    return y;
}

arma::mat FeedForward::backward(FeedForwardParams& P, const arma::mat& dy, const arma::mat& x) {
    // forward was: y = H W_2 + b_2, so: dW_2 = H^T dy, db_2 = column sums of dy, dH = dy W_2^T
    P.W_2.grad += H.t() * dy;                   // (d_ff, d_model)
    P.b_2.grad += arma::sum(dy, 0);             // (1, d_model)
    arma::mat dH = dy * P.W_2.value.t();        // (T, d_ff)
    // forward was: H = relu(x W_1 + b_1), so the gradient passes only where relu was open
    const double* h = H.memptr();
    double* g = dH.memptr();
    for (arma::uword i = 0; i < dH.n_elem; ++i) g[i] = h[i] > 0 ? g[i] : 0.0;
    // forward was: x W_1 + b_1, so: dW_1 = x^T dH, db_1 = column sums of dH, dx = dH W_1^T
    P.W_1.grad += x.t() * dH;                   // (d_model, d_ff)
    P.b_1.grad += arma::sum(dH, 0);             // (1, d_ff)
    return dH * P.W_1.value.t();                // (T, d_model)
}

// ---------------------------------------------------------------- blocks

arma::mat EncoderBlock::forward(const EncoderBlockParams& P, arma::mat in, const Segments& seg) {
    x = std::move(in);                                                       // (T, d_model)
    h = norm1.forward(P.norm1, x + self.forward(P.self, x, seg, x, seg));  // (T, d_model)
    return norm2.forward(P.norm2, h + ff.forward(P.ff, h));         // (T, d_model)
}

arma::mat EncoderBlock::backward(EncoderBlockParams& P, const arma::mat& d_out, const Segments& seg) {
    // forward was: out = norm2(h + ff(h)): the residual passes d2 straight to h, ff adds its part
    const arma::mat d2 = norm2.backward(P.norm2, d_out);  // (T, d_model), at h + ff(h)
    const arma::mat dh = d2 + ff.backward(P.ff, d2, h);   // (T, d_model)
    // forward was: h = norm1(x + self(x))
    const arma::mat d1 = norm1.backward(P.norm1, dh);     // (T, d_model), at x + self(x)
    arma::mat unused;                                      // self-attention: no second input
    return d1 + self.backward(P.self, d1, x, seg, x, seg, unused);  // (T, d_model)
}

arma::mat DecoderBlock::forward(const DecoderBlockParams& P, arma::mat in, const Segments& seg,
                                const arma::mat& enc, const Segments& enc_seg) {
    y = std::move(in);                                                                       // (T_tgt, d_model)
    h1 = norm1.forward(P.norm1, y + self.forward(P.self, y, seg, y, seg));         // (T_tgt, d_model)
    h2 = norm2.forward(P.norm2, h1 + cross.forward(P.cross, h1, seg, enc, enc_seg));  // (T_tgt, d_model)
    return norm3.forward(P.norm3, h2 + ff.forward(P.ff, h2));                      // (T_tgt, d_model)
}

arma::mat DecoderBlock::backward(DecoderBlockParams& P, const arma::mat& d_out, const Segments& seg,
                                 const arma::mat& enc, const Segments& enc_seg, arma::mat& d_enc) {
    // forward was: out = norm3(h2 + ff(h2))
    const arma::mat d3 = norm3.backward(P.norm3, d_out);   // (T_tgt, d_model)
    const arma::mat dh2 = d3 + ff.backward(P.ff, d3, h2);  // (T_tgt, d_model)
    // forward was: h2 = norm2(h1 + cross(h1, enc)): cross also sends a gradient to enc
    const arma::mat d2 = norm2.backward(P.norm2, dh2);     // (T_tgt, d_model)
    const arma::mat dh1 = d2 + cross.backward(P.cross, d2, h1, seg, enc, enc_seg, d_enc);  // (T_tgt, d_model)
    // forward was: h1 = norm1(y + causal_self(y))
    const arma::mat d1 = norm1.backward(P.norm1, dh1);     // (T_tgt, d_model)
    arma::mat unused;                                       // self-attention: no second input
    return d1 + self.backward(P.self, d1, y, seg, y, seg, unused);  // (T_tgt, d_model)
}

// ---------------------------------------------------------------- embeddings

arma::mat positional_encoding(arma::uword length, arma::uword d) {
    arma::mat PE(length, d);  // (length, d)
    for (arma::uword pos = 0; pos < length; ++pos)
        for (arma::uword i = 0; i < d; ++i) {
            // wavelengths from 2 pi to 10000 * 2 pi, one per pair of columns
            const double angle = pos / std::pow(10000.0, static_cast<double>(i - i % 2) / d);
            PE(pos, i) = i % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

arma::mat embed_tokens(const arma::mat& E, arma::mat& PE, const std::vector<arma::uword>& tokens,
                       const Segments& seg) {
    const double scale = std::sqrt(static_cast<double>(E.n_cols));
    arma::uword longest = 0;
    for (auto n : seg.length) longest = std::max(longest, n);
    if (longest > PE.n_rows) PE = positional_encoding(longest, E.n_cols);  // (longest, d_model)
    std::vector<arma::uword> position(tokens.size());  // of each row in its own sequence
    for (std::size_t s = 0; s < seg.count(); ++s)
        for (arma::uword p = 0; p < seg.length[s]; ++p) position[seg.start[s] + p] = p;
    for (const auto t : tokens)
        if (t >= E.n_rows)
            throw InputError("seq2seq: token id " + std::to_string(t) + " is outside the vocabulary of " +
                             std::to_string(E.n_rows));
    // Column by column: Armadillo stores columns contiguously.
    arma::mat X(tokens.size(), E.n_cols, arma::fill::none);  // (T, d_model), every entry written below
    for (arma::uword c = 0; c < E.n_cols; ++c) {
        const double* e = E.colptr(c);
        const double* pe = PE.colptr(c);
        double* x = X.colptr(c);
        for (std::size_t r = 0; r < tokens.size(); ++r) x[r] = e[tokens[r]] * scale + pe[position[r]];
    }
    return X;
}

void embed_backward(Tensor& E, const std::vector<arma::uword>& tokens, const arma::mat& dX) {
    const double scale = std::sqrt(static_cast<double>(E.value.n_cols));
    // forward was: X[r] = E[token_r] * sqrt(d_model) + PE[...], so: dE[token_r] += dX[r] * sqrt(d_model)
    // (column by column, like the forward pass: rows of a column-major matrix are strided)
    for (arma::uword c = 0; c < dX.n_cols; ++c) {
        const double* d = dX.colptr(c);
        double* g = E.grad.colptr(c);
        for (std::size_t r = 0; r < tokens.size(); ++r) g[tokens[r]] += d[r] * scale;
    }
}

}  // namespace attn::model
