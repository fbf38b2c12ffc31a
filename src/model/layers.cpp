// layers.cpp: chapter 12's layers, forward and backward (see layers.hpp).
//
// Dimension legend: T = tokens in the batch, L_q / L_kv = tokens of one
// sequence on the query / key-value side, h = heads, d_model, d_ff widths,
// d_k, d_v one head's widths.
// Every backward line names the forward line it differentiates.
#include "model/layers.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "contracts/08_positional_encoding.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn::model {

namespace {
constexpr double kNormEpsilon = 1e-5;
}

void Segments::add(arma::uword n) {
    start.push_back(total);
    length.push_back(n);
    total += n;
}

// A sequence's rows are a short run in every column (columns are contiguous):
// copied by a plain loop per column, which for runs of a few entries is much
// cheaper than a call of memcpy per column (what a subview copy makes).
void Segments::copy_rows(const arma::mat& M, std::size_t i, arma::mat& out) const {
    const arma::uword r0 = start[i], n = length[i];
    out.set_size(n, M.n_cols);  // (length[i], M.n_cols): keeps out's memory when the shape is the same
    for (arma::uword c = 0; c < M.n_cols; ++c) {
        const double* from = M.colptr(c) + r0;
        double* to = out.colptr(c);
        for (arma::uword r = 0; r < n; ++r) to[r] = from[r];
    }
}

arma::mat Segments::rows_of(const arma::mat& M, std::size_t i) const {
    arma::mat out;
    copy_rows(M, i, out);
    return out;  // (length[i], M.n_cols)
}

void Segments::put_rows(arma::mat& M, std::size_t i, const arma::mat& part) const {
    const arma::uword r0 = start[i], n = length[i];
    require_shapes(part.n_rows == n && part.n_cols == M.n_cols, "Segments::put_rows",
                   "the part must have the sequence's rows and the matrix's columns", {"part", part},
                   {"rows", n, M.n_cols});
    for (arma::uword c = 0; c < M.n_cols; ++c) {
        const double* from = part.colptr(c);
        double* to = M.colptr(c) + r0;
        for (arma::uword r = 0; r < n; ++r) to[r] = from[r];
    }
}

// ---------------------------------------------------------------- attention

namespace {
// `parts` made into n matrices of (rows, cols), their memory kept from the last
// step when the shape is the same (the entries are left as they were).
std::vector<arma::mat>& shaped(std::vector<arma::mat>& parts, arma::uword n, arma::uword rows, arma::uword cols) {
    parts.resize(n);
    for (arma::mat& p : parts) p.set_size(rows, cols);
    return parts;
}
}  // namespace

arma::mat AttentionLayer::forward(const AttentionParams& P, const arma::mat& x_q, const Segments& seg_q,
                                  const arma::mat& x_kv, const Segments& seg_kv) {
    const std::size_t n = seg_q.count();
    // chapter 09's wiring, done once for the whole batch: a projection is the same
    // matrix for every row, and a head's columns are the same for every row
    // pass 1: project every token at once (chapter 02), then cut into heads (chapter 09)
    const std::vector<arma::mat> Qh = split_heads(project(x_q, P.W_q.value), heads);   // h x (T_q, d_k)
    const std::vector<arma::mat> Kh = split_heads(project(x_kv, P.W_k.value), heads);  // h x (T_kv, d_k)
    const std::vector<arma::mat> Vh = split_heads(project(x_kv, P.W_v.value), heads);  // h x (T_kv, d_v)
    // pass 2: attention per sequence and head (chapter 06): a sequence's tokens
    // attend to that sequence's tokens only. Each sequence's rows of each head are
    // kept for the backward pass, in matrices reused from step to step.
    // the heads' outputs h x (T_q, d_v), every row written below
    std::vector<arma::mat>& Zh = shaped(work_Z, heads, x_q.n_rows, Vh.at(0).n_cols);
    Q.resize(n);
    K.resize(n);
    V.resize(n);
    A.resize(n);
    arma::mat mask;  // causal_mask(L) (chapter 07) for the decoder's self-attention, made again only when L changes
    for (std::size_t s = 0; s < n; ++s) {
        if (kind == Kind::causal_self && mask.n_rows != seg_q.length[s]) mask = causal_mask(seg_q.length[s]);  // (L, L)
        Q[s].resize(heads);
        K[s].resize(heads);
        V[s].resize(heads);
        A[s].resize(heads);
        for (arma::uword i = 0; i < heads; ++i) {
            seg_q.copy_rows(Qh[i], s, Q[s][i]);   // (L_q, d_k)
            seg_kv.copy_rows(Kh[i], s, K[s][i]);  // (L_kv, d_k)
            seg_kv.copy_rows(Vh[i], s, V[s][i]);  // (L_kv, d_v)
            AttentionResult r = scaled_dot_product_attention(Q[s][i], K[s][i], V[s][i], mask);
            seg_q.put_rows(Zh[i], s, r.output);  // (L_q, d_v)
            A[s][i] = std::move(r.weights);      // (L_q, L_kv)
        }
    }
    // pass 3: the heads side by side again (chapter 09), mixed by W_o
    concat = concat_heads(Zh);      // (T_q, h d_v)
    return concat * P.W_o.value;    // (T_q, d_model)
}

arma::mat AttentionLayer::backward(AttentionParams& P, const arma::mat& d_out, const arma::mat& x_q,
                                   const Segments& seg_q, const arma::mat& x_kv, const Segments& seg_kv,
                                   arma::mat& d_kv) {
    const arma::mat &Wq = P.W_q.value, &Wk = P.W_k.value, &Wv = P.W_v.value;
    const std::size_t n = seg_q.count();
    // forward was: out = concat W_o, so: dW_o = concat^T d_out, dconcat = d_out W_o^T
    P.W_o.grad += concat.t() * d_out;                  // (h d_v, d_model)
    const arma::mat dconcat = d_out * P.W_o.value.t();  // (T_q, h d_v)

    // forward was, per sequence and head i: head_i = scaled_dot_product_attention(Q_i, K_i, V_i [, mask]),
    // concat = concat_heads(head_0 .. head_{h-1}), Q_i = split_heads(Q)[i] and so on. So the
    // gradient at concat is cut like the heads (split_heads), each head's dQ_i, dK_i, dV_i
    // come from attention_backward (chapter 11) on the forward pass's Q_i, K_i, V_i and
    // weights, and they go side by side again (concat_heads).
    const std::vector<arma::mat> dZh = split_heads(dconcat, heads);  // h x (T_q, d_v)
    // Every row belongs to one sequence, so every entry is written below: no fill.
    std::vector<arma::mat>& dQh = shaped(work_dQ, heads, x_q.n_rows, Q.at(0).at(0).n_cols);   // h x (T_q, d_k)
    std::vector<arma::mat>& dKh = shaped(work_dK, heads, x_kv.n_rows, K.at(0).at(0).n_cols);  // h x (T_kv, d_k)
    std::vector<arma::mat>& dVh = shaped(work_dV, heads, x_kv.n_rows, V.at(0).at(0).n_cols);  // h x (T_kv, d_v)
    arma::mat dZs;  // one sequence's rows of one head's gradient, reused from sequence to sequence
    for (std::size_t s = 0; s < n; ++s) {
        for (arma::uword i = 0; i < heads; ++i) {
            seg_q.copy_rows(dZh[i], s, dZs);  // (L_q, d_v)
            AttentionGrads g = attention_backward(Q[s][i], K[s][i], V[s][i], A[s][i], dZs);
            seg_q.put_rows(dQh[i], s, g.dQ);   // (L_q, d_k)
            seg_kv.put_rows(dKh[i], s, g.dK);  // (L_kv, d_k)
            seg_kv.put_rows(dVh[i], s, g.dV);  // (L_kv, d_v)
        }
    }
    const arma::mat dQ = concat_heads(dQh);  // (T_q, h d_k)
    const arma::mat dK = concat_heads(dKh);  // (T_kv, h d_k)
    const arma::mat dV = concat_heads(dVh);  // (T_kv, h d_v)
    // forward was: Q = X_q W_q, K = X_kv W_k, V = X_kv W_v, so:
    //   dW_q = X_q^T dQ, dW_k = X_kv^T dK, dW_v = X_kv^T dV
    //   dX_q = dQ W_q^T, dX_kv = dK W_k^T + dV W_v^T
    P.W_q.grad += x_q.t() * dQ;   // (d_model, h d_k)
    P.W_k.grad += x_kv.t() * dK;  // (d_model, h d_k)
    P.W_v.grad += x_kv.t() * dV;  // (d_model, h d_v)
    // (each += of a product is one BLAS call that adds into the matrix: no temporary)
    arma::mat dx_kv = dK * Wk.t();  // (T_kv, d_model)
    dx_kv += dV * Wv.t();
    if (kind != Kind::cross) {  // self: x_q and x_kv are the one input
        dx_kv += dQ * Wq.t();
        return dx_kv;  // (T_q, d_model)
    }
    d_kv += dx_kv;
    return dQ * Wq.t();  // (T_q, d_model)
}

// ---------------------------------------------------------------- layer norm

namespace {
// A 1 x d tensor read as a row vector, without a copy.
arma::rowvec row_of(const Tensor& t) {
    return arma::rowvec(const_cast<double*>(t.value.memptr()), t.value.n_elem, false, true);
}
}  // namespace

arma::mat LayerNorm::forward(const NormParams& P, const arma::mat& x) {
    LayerNormResult r = layer_norm(x, row_of(P.gain), row_of(P.bias), kNormEpsilon);  // chapter 10
    xhat = std::move(r.xhat);        // (T, d_model), for the backward pass
    inv_std = std::move(r.inv_std);  // (T)
    return std::move(r.y);           // (T, d_model)
}

arma::mat LayerNorm::backward(NormParams& P, const arma::mat& dy) {
    // forward was: y = gain % xhat + bias with xhat = (x - mean) * inv_std: chapter 10's layer_norm_backward
    LayerNormGrads g = layer_norm_backward(dy, xhat, inv_std, row_of(P.gain));
    P.gain.grad += g.dgain;  // (1, d_model)
    P.bias.grad += g.dbias;  // (1, d_model)
    return std::move(g.dX);  // (T, d_model)
}

// ---------------------------------------------------------------- feed-forward

arma::mat FeedForward::forward(const FeedForwardParams& P, const arma::mat& x) {
    FeedForwardResult r = feed_forward(x, P.W_1.value, row_of(P.b_1), P.W_2.value, row_of(P.b_2));  // chapter 10
    H = std::move(r.H);     // (T, d_ff), for the backward pass
    return std::move(r.y);  // (T, d_model)
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

namespace {
// a + b in a's memory (a is a temporary the caller hands over): the residual
// connections add into the sublayer's fresh output instead of making a third matrix.
arma::mat plus(arma::mat a, const arma::mat& b) {
    a += b;
    return a;
}
}  // namespace

arma::mat EncoderBlock::forward(const EncoderBlockParams& P, arma::mat in, const Segments& seg) {
    x = std::move(in);                                                       // (T, d_model)
    h = norm1.forward(P.norm1, plus(self.forward(P.self, x, seg, x, seg), x));  // (T, d_model)
    return norm2.forward(P.norm2, plus(ff.forward(P.ff, h), h));         // (T, d_model)
}

arma::mat EncoderBlock::backward(EncoderBlockParams& P, const arma::mat& d_out, const Segments& seg) {
    // forward was: out = norm2(h + ff(h)): the residual passes d2 straight to h, ff adds its part
    const arma::mat d2 = norm2.backward(P.norm2, d_out);  // (T, d_model), at h + ff(h)
    const arma::mat dh = plus(ff.backward(P.ff, d2, h), d2);   // (T, d_model)
    // forward was: h = norm1(x + self(x))
    const arma::mat d1 = norm1.backward(P.norm1, dh);     // (T, d_model), at x + self(x)
    arma::mat unused;                                      // self-attention: no second input
    return plus(self.backward(P.self, d1, x, seg, x, seg, unused), d1);  // (T, d_model)
}

arma::mat DecoderBlock::forward(const DecoderBlockParams& P, arma::mat in, const Segments& seg,
                                const arma::mat& enc, const Segments& enc_seg) {
    y = std::move(in);                                                                       // (T_tgt, d_model)
    h1 = norm1.forward(P.norm1, plus(self.forward(P.self, y, seg, y, seg), y));         // (T_tgt, d_model)
    h2 = norm2.forward(P.norm2, plus(cross.forward(P.cross, h1, seg, enc, enc_seg), h1));  // (T_tgt, d_model)
    return norm3.forward(P.norm3, plus(ff.forward(P.ff, h2), h2));                      // (T_tgt, d_model)
}

arma::mat DecoderBlock::backward(DecoderBlockParams& P, const arma::mat& d_out, const Segments& seg,
                                 const arma::mat& enc, const Segments& enc_seg, arma::mat& d_enc) {
    // forward was: out = norm3(h2 + ff(h2))
    const arma::mat d3 = norm3.backward(P.norm3, d_out);   // (T_tgt, d_model)
    const arma::mat dh2 = plus(ff.backward(P.ff, d3, h2), d3);  // (T_tgt, d_model)
    // forward was: h2 = norm2(h1 + cross(h1, enc)): cross also sends a gradient to enc
    const arma::mat d2 = norm2.backward(P.norm2, dh2);     // (T_tgt, d_model)
    const arma::mat dh1 = plus(cross.backward(P.cross, d2, h1, seg, enc, enc_seg, d_enc), d2);  // (T_tgt, d_model)
    // forward was: h1 = norm1(y + causal_self(y))
    const arma::mat d1 = norm1.backward(P.norm1, dh1);     // (T_tgt, d_model)
    arma::mat unused;                                       // self-attention: no second input
    return plus(self.backward(P.self, d1, y, seg, y, seg, unused), d1);  // (T_tgt, d_model)
}

// ---------------------------------------------------------------- embeddings

arma::mat embed_tokens(const arma::mat& E, const arma::mat& PE, const std::vector<arma::uword>& tokens,
                       const Segments& seg) {
    const double scale = std::sqrt(static_cast<double>(E.n_cols));
    for (const auto t : tokens)
        if (t >= E.n_rows)
            throw InputError("embed_tokens: token id " + std::to_string(t) + " is outside the vocabulary of " +
                             std::to_string(E.n_rows));
    // Column by column: Armadillo stores columns contiguously.
    arma::mat X(tokens.size(), E.n_cols, arma::fill::none);  // (T, d_model), every entry written below
    for (arma::uword c = 0; c < E.n_cols; ++c) {
        const double* e = E.colptr(c);
        double* x = X.colptr(c);
        for (std::size_t r = 0; r < tokens.size(); ++r) x[r] = e[tokens[r]] * scale;
    }
    // then each sequence's positions, counted from 0 in that sequence (chapter 08)
    arma::mat one;  // one sequence's rows, reused from sequence to sequence
    for (std::size_t s = 0; s < seg.count(); ++s) {
        if (seg.length[s] == 0) continue;
        seg.copy_rows(X, s, one);                      // (L, d_model)
        seg.put_rows(X, s, add_positions(one, PE));  // (L, d_model)
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
