#include "attn/seq2seq.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

#include "attn/attention.hpp"
#include "attn/encoder_decoder.hpp"
#include "attn/errors.hpp"
#include "attn/projections.hpp"
#include "attn/softmax.hpp"

namespace attn {

namespace seq2seq {

std::string describe(const Config& c) {
    return "d_model " + std::to_string(c.d_model) + ", d_k " + std::to_string(c.d_k) + ", d_v " +
           std::to_string(c.d_v) + ", d_ff " + std::to_string(c.d_ff) + ", " + std::to_string(c.layers) + "+" +
           std::to_string(c.layers) + " layers, vocabulary " + std::to_string(c.vocab);
}

namespace {

constexpr double kNormEpsilon = 1e-5;
using Params = std::vector<Tensor>;

// Where each sequence's rows start in the batch's tall matrix, and how many it has.
struct Segments {
    std::vector<arma::uword> start, length;
    arma::uword total = 0;
    void add(arma::uword n) {
        start.push_back(total);
        length.push_back(n);
        total += n;
    }
    std::size_t count() const { return start.size(); }
};

arma::mat rows_of(const arma::mat& M, const Segments& s, std::size_t i) {
    return M.rows(s.start[i], s.start[i] + s.length[i] - 1);
}

// ---------------------------------------------------------------- layers
// Each layer keeps what its backward pass needs in a cache; backward adds the
// parameters' gradients into Tensor::grad and returns the gradient at its input.

struct AttentionLayer {
    std::size_t W_q, W_k, W_v, W_o;
    bool causal = false;
    bool self = true;  // queries, keys and values from one input (otherwise: cross-attention)
    // cache
    const arma::mat *Xq = nullptr, *Xkv = nullptr;
    const Segments *sq = nullptr, *skv = nullptr;
    arma::mat Z;
    std::vector<arma::mat> q, k, v, A;  // per sequence: its rows of Q, K and V, and its weights

    // Projections that read the same input share one product: X [W_q W_k W_v]
    // (self-attention) or H [W_k W_v] (cross-attention). Fewer, wider products
    // cost less than three narrow ones (each BLAS call packs its input anew).
    // Leaves each sequence's rows of Q, K and V in q, k and v.
    void project_all(Params& P) {
        const arma::uword dk = P[W_k].value.n_cols, dv = P[W_v].value.n_cols;
        arma::mat Q, KV;  // (T_q, d_k), (T_kv, d_k + d_v)
        if (self) {
            const arma::mat QKV = project(*Xq, arma::join_rows(P[W_q].value, P[W_k].value, P[W_v].value));
            Q = QKV.cols(0, dk - 1);
            KV = QKV.cols(dk, 2 * dk + dv - 1);
        } else {
            Q = project(*Xq, P[W_q].value);
            KV = project(*Xkv, arma::join_rows(P[W_k].value, P[W_v].value));
        }
        q.resize(sq->count());
        k.resize(sq->count());
        v.resize(sq->count());
        for (std::size_t s = 0; s < sq->count(); ++s) {
            const arma::uword r0 = skv->start[s], r1 = skv->start[s] + skv->length[s] - 1;
            q[s] = rows_of(Q, *sq, s);
            k[s] = KV(arma::span(r0, r1), arma::span(0, dk - 1));
            v[s] = KV(arma::span(r0, r1), arma::span(dk, dk + dv - 1));
        }
    }

    // out = Z W_o, Z = attention(Xq W_q, Xkv W_k, Xkv W_v) sequence by sequence,
    // through the chapters' functions: self_attention and cross_attention
    // (chapter 07) take each sequence's rows and the weights; the decoder's
    // causal self-attention takes the projections (causal_attention_pass,
    // chapter 08). The projections the backward pass needs are made there for
    // the first two, here for the third.
    arma::mat forward(Params& P, const arma::mat& xq, const Segments& segq, const arma::mat& xkv,
                      const Segments& segkv) {
        Xq = &xq, Xkv = &xkv, sq = &segq, skv = &segkv;
        const arma::uword dv = P[W_v].value.n_cols;
        if (causal) project_all(P);
        Z.set_size(xq.n_rows, dv);
        A.resize(segq.count());
        const arma::mat &Wq = P[W_q].value, &Wk = P[W_k].value, &Wv = P[W_v].value;
        for (std::size_t s = 0; s < segq.count(); ++s) {
            AttentionResult r = causal ? causal_attention_pass(q[s], k[s], v[s])
                                : self ? self_attention(rows_of(xq, segq, s), Wq, Wk, Wv)
                                       : cross_attention(rows_of(xq, segq, s), rows_of(xkv, segkv, s), Wq, Wk, Wv);
            Z.rows(segq.start[s], segq.start[s] + segq.length[s] - 1) = r.output;  // (L_q, d_v)
            A[s] = std::move(r.weights);                                            // (L_q, L_kv)
        }
        return Z * P[W_o].value;  // (T_q, d_model)
    }

    // Returns the gradient at Xq. Self-attention: that includes the gradient at
    // Xkv (the same matrix), and d_kv must be null. Cross-attention: the
    // gradient at Xkv is added into *d_kv.
    arma::mat backward(Params& P, const arma::mat& dOut, arma::mat* d_kv) {
        const arma::uword dk = P[W_k].value.n_cols, dv = P[W_v].value.n_cols;
        if (!causal) project_all(P);  // q, k, v: the inputs attention_backward differentiates at
        P[W_o].grad += Z.t() * dOut;                   // out = Z W_o
        const arma::mat dZ = dOut * P[W_o].value.t();  // (T_q, d_v)
        // The gradients of the projections, side by side like the forward product:
        // self: [dQ dK dV] (T, 2 d_k + d_v); cross: dQ (T_q, d_k) and [dK dV] (T_kv, d_k + d_v).
        arma::mat dQ(Xq->n_rows, dk), dKV(Xkv->n_rows, dk + dv);
        for (std::size_t s = 0; s < sq->count(); ++s) {
            const AttentionGrads g = attention_backward(q[s], k[s], v[s], A[s], rows_of(dZ, *sq, s));
            const arma::uword r0 = skv->start[s], r1 = skv->start[s] + skv->length[s] - 1;
            dQ.rows(sq->start[s], sq->start[s] + sq->length[s] - 1) = g.dQ;
            dKV(arma::span(r0, r1), arma::span(0, dk - 1)) = g.dK;
            dKV(arma::span(r0, r1), arma::span(dk, dk + dv - 1)) = g.dV;
        }
        if (self) {
            // QKV = X [W_q W_k W_v]  ->  d[W_q W_k W_v] = X^T [dQ dK dV],  dX = [dQ dK dV] [W_q W_k W_v]^T
            const arma::mat dQKV = arma::join_rows(dQ, dKV);
            const arma::mat dW = Xq->t() * dQKV;
            P[W_q].grad += dW.cols(0, dk - 1);
            P[W_k].grad += dW.cols(dk, 2 * dk - 1);
            P[W_v].grad += dW.cols(2 * dk, 2 * dk + dv - 1);
            return dQKV * arma::join_rows(P[W_q].value, P[W_k].value, P[W_v].value).t();
        }
        // Q = Xq W_q;  KV = Xkv [W_k W_v]
        P[W_q].grad += Xq->t() * dQ;
        const arma::mat dW = Xkv->t() * dKV;
        P[W_k].grad += dW.cols(0, dk - 1);
        P[W_v].grad += dW.cols(dk, dk + dv - 1);
        *d_kv += dKV * arma::join_rows(P[W_k].value, P[W_v].value).t();
        return dQ * P[W_q].value.t();
    }
};

struct LayerNorm {
    std::size_t gain, bias;
    arma::mat xhat;
    arma::colvec inv_std;

    // y = gain % (x - mean) / sqrt(var + eps) + bias, row by row.
    // Written as loops down the columns (Armadillo stores columns contiguously),
    // one pass per quantity: the each_col/each_row version took 13% of a step.
    arma::mat forward(Params& P, const arma::mat& x) {
        const arma::uword T = x.n_rows, d = x.n_cols;
        arma::colvec mu(T, arma::fill::zeros), var(T, arma::fill::zeros);
        for (arma::uword c = 0; c < d; ++c) {
            const double* col = x.colptr(c);
            for (arma::uword r = 0; r < T; ++r) mu[r] += col[r];
        }
        mu /= static_cast<double>(d);
        xhat.set_size(T, d);
        for (arma::uword c = 0; c < d; ++c) {
            const double* col = x.colptr(c);
            double* h = xhat.colptr(c);
            for (arma::uword r = 0; r < T; ++r) {
                h[r] = col[r] - mu[r];
                var[r] += h[r] * h[r];
            }
        }
        inv_std.set_size(T);
        for (arma::uword r = 0; r < T; ++r) inv_std[r] = 1.0 / std::sqrt(var[r] / static_cast<double>(d) + kNormEpsilon);
        arma::mat y(T, d);
        for (arma::uword c = 0; c < d; ++c) {
            const double g = P[gain].value[c], b = P[bias].value[c];
            double* h = xhat.colptr(c);
            double* out = y.colptr(c);
            for (arma::uword r = 0; r < T; ++r) {
                h[r] *= inv_std[r];
                out[r] = g * h[r] + b;
            }
        }
        return y;
    }

    arma::mat backward(Params& P, const arma::mat& dy) {
        const arma::uword T = dy.n_rows, d = dy.n_cols;
        // y = gain % xhat + bias: the parameters' gradients, and dxhat = dy % gain.
        // xhat = (x - mean) * inv_std: the mean and the variance depend on every
        // entry of the row, which gives the two subtracted terms:
        //   dx = inv_std * (dxhat - mean(dxhat) - xhat * mean(dxhat % xhat))
        arma::colvec mean_d(T, arma::fill::zeros), mean_dx(T, arma::fill::zeros);
        for (arma::uword c = 0; c < d; ++c) {
            const double g = P[gain].value[c];
            const double* in = dy.colptr(c);
            const double* h = xhat.colptr(c);
            double dg = 0, db = 0;
            for (arma::uword r = 0; r < T; ++r) {
                dg += in[r] * h[r];
                db += in[r];
                mean_d[r] += in[r] * g;
                mean_dx[r] += in[r] * g * h[r];
            }
            P[gain].grad[c] += dg;
            P[bias].grad[c] += db;
        }
        mean_d /= static_cast<double>(d);
        mean_dx /= static_cast<double>(d);
        arma::mat dx(T, d);
        for (arma::uword c = 0; c < d; ++c) {
            const double g = P[gain].value[c];
            const double* in = dy.colptr(c);
            const double* h = xhat.colptr(c);
            double* out = dx.colptr(c);
            for (arma::uword r = 0; r < T; ++r) out[r] = (in[r] * g - mean_d[r] - h[r] * mean_dx[r]) * inv_std[r];
        }
        return dx;
    }
};

struct FeedForward {
    std::size_t W_1, b_1, W_2, b_2;
    const arma::mat* x = nullptr;
    arma::mat H;

    // y = relu(x W_1 + b_1) W_2 + b_2
    arma::mat forward(Params& P, const arma::mat& in) {
        x = &in;
        H = in * P[W_1].value;  // (T, d_ff)
        H.each_row() += P[b_1].value;
        H.transform([](double v) { return v > 0 ? v : 0.0; });
        arma::mat y = H * P[W_2].value;  // (T, d_model)
        y.each_row() += P[b_2].value;
        return y;
    }

    arma::mat backward(Params& P, const arma::mat& dy) {
        P[W_2].grad += H.t() * dy;
        P[b_2].grad += arma::sum(dy, 0);
        arma::mat dH = dy * P[W_2].value.t();
        // relu passes the gradient only where it was open
        const double* h = H.memptr();
        double* d = dH.memptr();
        for (arma::uword i = 0; i < dH.n_elem; ++i) d[i] = h[i] > 0 ? d[i] : 0.0;
        P[W_1].grad += x->t() * dH;
        P[b_1].grad += arma::sum(dH, 0);
        return dH * P[W_1].value.t();
    }
};

struct EncoderBlock {
    AttentionLayer self;
    LayerNorm norm1, norm2;
    FeedForward ff;
    arma::mat x, h, out;

    // h = norm1(x + self_attention(x)),  out = norm2(h + ff(h))
    const arma::mat& forward(Params& P, const arma::mat& in, const Segments& seg) {
        x = in;
        h = norm1.forward(P, x + self.forward(P, x, seg, x, seg));
        out = norm2.forward(P, h + ff.forward(P, h));
        return out;
    }
    arma::mat backward(Params& P, const arma::mat& dout) {
        const arma::mat d2 = norm2.backward(P, dout);   // at h + ff(h)
        const arma::mat dh = d2 + ff.backward(P, d2);
        const arma::mat d1 = norm1.backward(P, dh);     // at x + self(x)
        return d1 + self.backward(P, d1, nullptr);
    }
};

struct DecoderBlock {
    AttentionLayer self, cross;
    LayerNorm norm1, norm2, norm3;
    FeedForward ff;
    arma::mat y, h1, h2, out;

    // h1 = norm1(y + causal_self(y)), h2 = norm2(h1 + cross(h1, enc)), out = norm3(h2 + ff(h2))
    const arma::mat& forward(Params& P, const arma::mat& in, const Segments& seg, const arma::mat& enc,
                             const Segments& enc_seg) {
        y = in;
        h1 = norm1.forward(P, y + self.forward(P, y, seg, y, seg));
        h2 = norm2.forward(P, h1 + cross.forward(P, h1, seg, enc, enc_seg));
        out = norm3.forward(P, h2 + ff.forward(P, h2));
        return out;
    }
    // Returns the gradient at y; adds the gradient at enc into d_enc.
    arma::mat backward(Params& P, const arma::mat& dout, arma::mat& d_enc) {
        const arma::mat d3 = norm3.backward(P, dout);
        const arma::mat dh2 = d3 + ff.backward(P, d3);
        const arma::mat d2 = norm2.backward(P, dh2);
        const arma::mat dh1 = d2 + cross.backward(P, d2, &d_enc);
        const arma::mat d1 = norm1.backward(P, dh1);
        return d1 + self.backward(P, d1, nullptr);
    }
};

// Sinusoidal position codes (Vaswani et al.): even columns sin, odd columns cos.
arma::mat positional_encoding(arma::uword length, arma::uword d) {
    arma::mat PE(length, d);
    for (arma::uword pos = 0; pos < length; ++pos)
        for (arma::uword i = 0; i < d; ++i) {
            const double angle = pos / std::pow(10000.0, static_cast<double>(i - i % 2) / d);
            PE(pos, i) = i % 2 == 0 ? std::sin(angle) : std::cos(angle);
        }
    return PE;
}

}  // namespace

// ---------------------------------------------------------------- the model

struct Model::Impl {
    std::size_t embed = 0, out_W = 0, out_b = 0;
    std::vector<EncoderBlock> encoder;
    std::vector<DecoderBlock> decoder;
    arma::mat PE;
    // caches of the last forward pass
    Segments src, tgt;
    std::vector<arma::uword> src_tokens, tgt_tokens, labels;
    arma::mat enc_out, dec_out, probs;
    // the source of the last next_scores() call, already encoded
    tasks::Tokens encoded_source;
    bool encoded_valid = false;
};

namespace {

std::size_t add_tensor(Params& P, const std::string& name, arma::uword rows, arma::uword cols, double std_dev,
                       std::mt19937_64& rng, double fill = 0.0) {
    Tensor t;
    t.name = name;
    t.value.set_size(rows, cols);
    if (std_dev > 0) {
        std::normal_distribution<double> normal(0.0, std_dev);
        t.value.imbue([&] { return normal(rng); });
    } else {
        t.value.fill(fill);
    }
    t.grad.zeros(rows, cols);
    t.adam_m.zeros(rows, cols);
    t.adam_v.zeros(rows, cols);
    P.push_back(std::move(t));
    return P.size() - 1;
}

AttentionLayer make_attention(Params& P, const std::string& name, const Config& c, std::mt19937_64& rng, bool causal) {
    AttentionLayer a;
    const double s_in = 1.0 / std::sqrt(static_cast<double>(c.d_model));
    a.W_q = add_tensor(P, name + ".W_q", c.d_model, c.d_k, s_in, rng);
    a.W_k = add_tensor(P, name + ".W_k", c.d_model, c.d_k, s_in, rng);
    a.W_v = add_tensor(P, name + ".W_v", c.d_model, c.d_v, s_in, rng);
    a.W_o = add_tensor(P, name + ".W_o", c.d_v, c.d_model, 1.0 / std::sqrt(static_cast<double>(c.d_v)), rng);
    a.causal = causal;
    return a;
}

LayerNorm make_norm(Params& P, const std::string& name, const Config& c, std::mt19937_64& rng) {
    LayerNorm n;
    n.gain = add_tensor(P, name + ".gain", 1, c.d_model, 0, rng, 1.0);
    n.bias = add_tensor(P, name + ".bias", 1, c.d_model, 0, rng, 0.0);
    return n;
}

FeedForward make_ff(Params& P, const std::string& name, const Config& c, std::mt19937_64& rng) {
    FeedForward f;
    f.W_1 = add_tensor(P, name + ".W_1", c.d_model, c.d_ff, std::sqrt(2.0 / c.d_model), rng);
    f.b_1 = add_tensor(P, name + ".b_1", 1, c.d_ff, 0, rng);
    f.W_2 = add_tensor(P, name + ".W_2", c.d_ff, c.d_model, 1.0 / std::sqrt(static_cast<double>(c.d_ff)), rng);
    f.b_2 = add_tensor(P, name + ".b_2", 1, c.d_model, 0, rng);
    return f;
}

void require_config(const Config& c) {
    if (c.d_model == 0 || c.d_k == 0 || c.d_v == 0 || c.d_ff == 0 || c.layers == 0 || c.vocab < 3)
        throw InputError("seq2seq::Model: every width and the layer count must be at least 1, and the vocabulary "
                         "needs a word besides <s> and </s>; got " + describe(c));
}

}  // namespace

Model::Model(const Config& config) : config_(config), impl_(std::make_unique<Impl>()) {
    require_config(config);
    std::mt19937_64 rng(config.seed);
    auto& P = tensors_;
    Impl& m = *impl_;
    m.embed = add_tensor(P, "embed", config.vocab, config.d_model, 1.0 / std::sqrt(double(config.d_model)), rng);
    for (arma::uword l = 0; l < config.layers; ++l) {
        const std::string n = "enc" + std::to_string(l);
        EncoderBlock b;
        b.self = make_attention(P, n + ".self", config, rng, false);
        b.norm1 = make_norm(P, n + ".norm1", config, rng);
        b.ff = make_ff(P, n + ".ff", config, rng);
        b.norm2 = make_norm(P, n + ".norm2", config, rng);
        m.encoder.push_back(std::move(b));
    }
    for (arma::uword l = 0; l < config.layers; ++l) {
        const std::string n = "dec" + std::to_string(l);
        DecoderBlock b;
        b.self = make_attention(P, n + ".self", config, rng, true);
        b.norm1 = make_norm(P, n + ".norm1", config, rng);
        b.cross = make_attention(P, n + ".cross", config, rng, false);
        b.cross.self = false;
        b.norm2 = make_norm(P, n + ".norm2", config, rng);
        b.ff = make_ff(P, n + ".ff", config, rng);
        b.norm3 = make_norm(P, n + ".norm3", config, rng);
        m.decoder.push_back(std::move(b));
    }
    m.out_W = add_tensor(P, "out.W", config.d_model, config.vocab, 1.0 / std::sqrt(double(config.d_model)), rng);
    m.out_b = add_tensor(P, "out.b", 1, config.vocab, 0, rng);
    m.PE = positional_encoding(64, config.d_model);
}

Model::~Model() = default;
Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;

std::size_t Model::parameter_count() const {
    std::size_t n = 0;
    for (const auto& t : tensors_) n += t.value.n_elem;
    return n;
}

namespace {

// x_t = embed[token_t] * sqrt(d_model) + PE[position in its sequence]
arma::mat embed_tokens(const Params& P, std::size_t embed, arma::mat& PE, const std::vector<arma::uword>& tokens,
                       const Segments& seg) {
    const arma::mat& E = P[embed].value;
    const double scale = std::sqrt(static_cast<double>(E.n_cols));
    arma::uword longest = 0;
    for (auto n : seg.length) longest = std::max(longest, n);
    if (longest > PE.n_rows) PE = positional_encoding(longest, E.n_cols);
    std::vector<arma::uword> position(tokens.size());  // of each row in its own sequence
    for (std::size_t s = 0; s < seg.count(); ++s)
        for (arma::uword p = 0; p < seg.length[s]; ++p) position[seg.start[s] + p] = p;
    for (const auto t : tokens)
        if (t >= E.n_rows)
            throw InputError("seq2seq: token id " + std::to_string(t) + " is outside the vocabulary of " +
                             std::to_string(E.n_rows));
    // Column by column: Armadillo stores columns contiguously.
    arma::mat X(tokens.size(), E.n_cols);
    for (arma::uword c = 0; c < E.n_cols; ++c) {
        const double* e = E.colptr(c);
        const double* pe = PE.colptr(c);
        double* x = X.colptr(c);
        for (std::size_t r = 0; r < tokens.size(); ++r) x[r] = e[tokens[r]] * scale + pe[position[r]];
    }
    return X;
}

void embed_backward(Params& P, std::size_t embed, const std::vector<arma::uword>& tokens, const arma::mat& dX) {
    const double scale = std::sqrt(static_cast<double>(P[embed].value.n_cols));
    for (std::size_t r = 0; r < tokens.size(); ++r) P[embed].grad.row(tokens[r]) += dX.row(r) * scale;
}

}  // namespace

namespace {

// Runs encoder and decoder over the batch held in m's token lists; leaves the
// probabilities in m.probs. Returns the mean cross-entropy.
double forward_pass(Params& P, Model::Impl& m) {
    arma::mat x = embed_tokens(P, m.embed, m.PE, m.src_tokens, m.src);
    for (auto& b : m.encoder) x = b.forward(P, x, m.src);
    m.enc_out = std::move(x);
    arma::mat y = embed_tokens(P, m.embed, m.PE, m.tgt_tokens, m.tgt);
    for (auto& b : m.decoder) y = b.forward(P, y, m.tgt, m.enc_out, m.src);
    m.dec_out = std::move(y);
    arma::mat logits = m.dec_out * P[m.out_W].value;  // (T_tgt, V)
    logits.each_row() += P[m.out_b].value;
    m.probs = softmax_rows(logits);
    double loss = 0;
    for (std::size_t r = 0; r < m.labels.size(); ++r) loss -= std::log(std::max(m.probs(r, m.labels[r]), 1e-300));
    return loss / static_cast<double>(m.labels.size());
}

void load_batch(Model::Impl& m, const Batch& batch) {
    if (batch.examples.empty()) throw InputError("seq2seq: a batch needs at least one example");
    m.src = Segments{};
    m.tgt = Segments{};
    m.src_tokens.clear();
    m.tgt_tokens.clear();
    m.labels.clear();
    for (const auto& e : batch.examples) {
        if (e.source.empty()) throw InputError("seq2seq: an example has an empty source sequence");
        m.src.add(e.source.size());
        m.src_tokens.insert(m.src_tokens.end(), e.source.begin(), e.source.end());
        m.tgt.add(e.target.size() + 1);
        m.tgt_tokens.push_back(tasks::Vocabulary::kBegin);  // the decoder reads <s> y_1 .. y_n
        m.tgt_tokens.insert(m.tgt_tokens.end(), e.target.begin(), e.target.end());
        m.labels.insert(m.labels.end(), e.target.begin(), e.target.end());  // and predicts y_1 .. y_n </s>
        m.labels.push_back(tasks::Vocabulary::kEnd);
    }
    m.encoded_valid = false;
}

}  // namespace

double Model::loss(const Batch& batch) {
    load_batch(*impl_, batch);
    return forward_pass(tensors_, *impl_);
}

StepStats Model::forward_backward(const Batch& batch) {
    Impl& m = *impl_;
    auto& P = tensors_;
    load_batch(m, batch);
    StepStats stats;
    stats.loss = forward_pass(P, m);
    for (auto& t : P) t.grad.zeros();

    // loss = -mean log p[label]  ->  d logits = (p - onehot) / N
    const double N = static_cast<double>(m.labels.size());
    arma::mat dlogits = m.probs;
    std::size_t right = 0;
    for (std::size_t r = 0; r < m.labels.size(); ++r) {
        if (m.probs.row(r).index_max() == m.labels[r]) ++right;
        dlogits(r, m.labels[r]) -= 1.0;
    }
    dlogits /= N;
    stats.token_accuracy = static_cast<double>(right) / N;

    // logits = dec_out W + b
    P[m.out_W].grad += m.dec_out.t() * dlogits;
    P[m.out_b].grad += arma::sum(dlogits, 0);
    arma::mat dy = dlogits * P[m.out_W].value.t();
    arma::mat d_enc(m.enc_out.n_rows, m.enc_out.n_cols, arma::fill::zeros);
    for (std::size_t l = m.decoder.size(); l-- > 0;) dy = m.decoder[l].backward(P, dy, d_enc);
    embed_backward(P, m.embed, m.tgt_tokens, dy);
    for (std::size_t l = m.encoder.size(); l-- > 0;) d_enc = m.encoder[l].backward(P, d_enc);
    embed_backward(P, m.embed, m.src_tokens, d_enc);
    return stats;
}

arma::rowvec Model::next_scores(const tasks::Tokens& source, const tasks::Tokens& prefix) {
    Impl& m = *impl_;
    auto& P = tensors_;
    if (prefix.empty()) throw InputError("seq2seq: the decoder's prefix must start with <s>");
    if (!m.encoded_valid || m.encoded_source != source) {
        if (source.empty()) throw InputError("seq2seq: cannot translate an empty sequence");
        m.src = Segments{};
        m.src.add(source.size());
        m.src_tokens = source;
        arma::mat x = embed_tokens(P, m.embed, m.PE, m.src_tokens, m.src);
        for (auto& b : m.encoder) x = b.forward(P, x, m.src);
        m.enc_out = std::move(x);
        m.encoded_source = source;
        m.encoded_valid = true;
    }
    m.tgt = Segments{};
    m.tgt.add(prefix.size());
    m.tgt_tokens = prefix;
    arma::mat y = embed_tokens(P, m.embed, m.PE, m.tgt_tokens, m.tgt);
    for (auto& b : m.decoder) y = b.forward(P, y, m.tgt, m.enc_out, m.src);
    arma::rowvec scores = y.row(y.n_rows - 1) * P[m.out_W].value;
    scores += P[m.out_b].value;
    return scores;
}

tasks::Tokens Model::translate(const tasks::Tokens& source, std::size_t max_len) {
    impl_->encoded_valid = false;
    return greedy_decode([&](const tasks::Tokens& prefix) { return next_scores(source, prefix); },
                         tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd, max_len);
}

AttentionMaps Model::attention_maps(const tasks::Example& example) {
    Batch b;
    b.examples.push_back(example);
    loss(b);
    const Impl& m = *impl_;
    AttentionMaps maps;
    maps.encoder_self = m.encoder.back().self.A.at(0);
    maps.decoder_self = m.decoder.back().self.A.at(0);
    maps.cross = m.decoder.back().cross.A.at(0);
    return maps;
}

// ---------------------------------------------------------------- gradient check

std::vector<GradientCheck> gradient_check(Model& model, const Batch& batch, double h, std::size_t max_entries) {
    model.forward_backward(batch);
    std::vector<arma::mat> analytic;
    for (const auto& t : model.tensors()) analytic.push_back(t.grad);
    std::vector<GradientCheck> out;
    for (std::size_t k = 0; k < model.tensors().size(); ++k) {
        arma::mat& w = model.tensors()[k].value;
        const arma::uword n = w.n_elem;
        const arma::uword stride = n > max_entries ? (n + max_entries - 1) / max_entries : 1;
        double diff = 0, norm_num = 0, norm_ana = 0;
        GradientCheck g;
        g.name = model.tensors()[k].name;
        for (arma::uword i = 0; i < n; i += stride) {
            const double keep = w(i);
            w(i) = keep + h;
            const double up = model.loss(batch);
            w(i) = keep - h;
            const double down = model.loss(batch);
            w(i) = keep;
            const double numeric = (up - down) / (2 * h);
            diff += (numeric - analytic[k](i)) * (numeric - analytic[k](i));
            norm_num += numeric * numeric;
            norm_ana += analytic[k](i) * analytic[k](i);
            ++g.entries;
        }
        const double scale = std::sqrt(norm_num) + std::sqrt(norm_ana);
        g.relative_error = scale > 0 ? std::sqrt(diff) / scale : 0.0;
        out.push_back(g);
    }
    return out;
}

// ---------------------------------------------------------------- Adam

void Adam::step(std::vector<Tensor>& tensors) {
    ++t_;
    const double warm = s_.warmup_steps > 0 ? std::min(1.0, static_cast<double>(t_) / s_.warmup_steps) : 1.0;
    const double lr = s_.learning_rate * warm;
    const double c1 = 1.0 - std::pow(s_.beta1, static_cast<double>(t_));
    const double c2 = 1.0 - std::pow(s_.beta2, static_cast<double>(t_));
    for (auto& t : tensors) {
        t.adam_m = s_.beta1 * t.adam_m + (1.0 - s_.beta1) * t.grad;
        t.adam_v = s_.beta2 * t.adam_v + (1.0 - s_.beta2) * arma::square(t.grad);
        t.value -= lr * (t.adam_m / c1) / (arma::sqrt(t.adam_v / c2) + s_.epsilon);
    }
}

double exact_match(Model& model, const std::vector<tasks::Example>& examples, std::size_t max_len) {
    if (examples.empty()) return 0.0;
    std::size_t right = 0;
    for (const auto& e : examples)
        if (model.translate(e.source, max_len) == e.target) ++right;
    return static_cast<double>(right) / static_cast<double>(examples.size());
}

// ---------------------------------------------------------------- training

TrainingLog train(Model& model, const tasks::Task& task, const TrainSettings& s, const Progress& progress) {
    if (task.train.empty()) throw InputError("seq2seq::train: the task has no training examples");
    if (s.batch_size == 0) throw InputError("seq2seq::train: the batch size must be at least 1");
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    TrainingLog log;
    Adam adam(s.adam);
    std::mt19937_64 rng(s.seed);
    std::vector<std::size_t> order(task.train.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::size_t next = 0;
    const std::vector<tasks::Example> check(task.validation.begin(),
                                            task.validation.begin() +
                                                std::min(s.eval_examples, task.validation.size()));
    Batch batch;
    for (std::size_t step = 1; step <= s.max_steps; ++step) {
        batch.examples.clear();
        for (std::size_t i = 0; i < s.batch_size; ++i) {
            if (next == order.size()) {
                std::shuffle(order.begin(), order.end(), rng);
                next = 0;
            }
            batch.examples.push_back(task.train[order[next++]]);
        }
        const StepStats stats = model.forward_backward(batch);
        adam.step(model.tensors());
        log.steps = step;
        log.step.push_back(static_cast<double>(step));
        log.loss.push_back(stats.loss);
        const double seconds = std::chrono::duration<double>(clock::now() - start).count() - log.eval_seconds;
        if (progress) progress(step, stats, seconds > 0 ? step / seconds : 0.0);
        if (!check.empty() && s.eval_every > 0 && step % s.eval_every == 0) {
            const auto eval_start = clock::now();
            const double acc = exact_match(model, check, task.max_target_length + 2);
            log.eval_seconds += std::chrono::duration<double>(clock::now() - eval_start).count();
            log.eval_step.push_back(static_cast<double>(step));
            log.eval_accuracy.push_back(acc);
            if (acc >= s.target_accuracy) {
                log.reached_target = true;
                break;
            }
        }
    }
    log.seconds = std::chrono::duration<double>(clock::now() - start).count();
    return log;
}

}  // namespace seq2seq
}  // namespace attn
