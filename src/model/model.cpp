// model.cpp: chapter 12's encoder–decoder, forward and backward over a batch
// (layers in layers.cpp, parameters in parameters.cpp).
//
// Dimension legend: T_src / T_tgt = source / target tokens in the batch (all
// sequences stacked), d_model = token width, V = vocabulary size.
#include "model/model.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
#include "model/layers.hpp"
#include "contracts/03_softmax.hpp"

namespace attn::model {

// The layers with their caches, and what the last forward pass read.
struct Model::Impl {
    std::vector<EncoderBlock> encoder;
    std::vector<DecoderBlock> decoder;
    arma::mat PE;  // (64 or more, d_model): position codes, grown on demand
    // the last batch: where each sequence's rows are, its tokens, and the labels
    Segments src, tgt;
    std::vector<arma::uword> src_tokens, tgt_tokens, labels;
    // caches of the last forward pass
    arma::mat enc_out;  // (T_src, d_model)
    arma::mat dec_out;  // (T_tgt, d_model)
    arma::mat probs;    // (T_tgt, V)
    // the source of the last next_scores() call, already encoded in enc_out
    tasks::Tokens encoded_source;
    bool encoded_valid = false;
};

namespace {

void require_config(const Config& c) {
    if (c.d_model == 0 || c.d_k == 0 || c.d_v == 0 || c.d_ff == 0 || c.layers == 0 || c.vocab < 3)
        throw InputError("seq2seq::Model: every width and the layer count must be at least 1, and the vocabulary "
                         "needs a word besides <s> and </s>; got " + describe(c));
}

const Config& checked(const Config& c) {
    require_config(c);
    return c;
}

// The encoder over m.src_tokens: leaves (T_src, d_model) in m.enc_out.
void encode(const Parameters& P, Model::Impl& m) {
    arma::mat x = embed_tokens(P.embed.value, m.PE, m.src_tokens, m.src);  // (T_src, d_model)
    for (std::size_t l = 0; l < m.encoder.size(); ++l) x = m.encoder[l].forward(P.encoder[l], std::move(x), m.src);
    m.enc_out = std::move(x);  // (T_src, d_model)
}

// The decoder over m.tgt_tokens, reading m.enc_out: (T_tgt, d_model).
arma::mat decode(const Parameters& P, Model::Impl& m) {
    arma::mat y = embed_tokens(P.embed.value, m.PE, m.tgt_tokens, m.tgt);  // (T_tgt, d_model)
    for (std::size_t l = 0; l < m.decoder.size(); ++l)
        y = m.decoder[l].forward(P.decoder[l], std::move(y), m.tgt, m.enc_out, m.src);
    return y;
}

// Encoder and decoder over the batch held in m; leaves the probabilities in
// m.probs. Returns the mean cross-entropy of the labels.
double forward_pass(const Parameters& P, Model::Impl& m) {
    encode(P, m);
    m.dec_out = decode(P, m);                            // (T_tgt, d_model)
    arma::mat logits = m.dec_out * P.out_W.value;        // (T_tgt, V)
    logits.each_row() += P.out_b.value;
    m.probs = softmax_rows(logits);                      // (T_tgt, V), also for the backward pass
    // Cross-entropy by log-sum-exp: -log p[label] = lse - logit_label, with
    //   lse = log sum_j exp(logit_j) = top + log sum_j exp(logit_j - top),  top = max_j logit_j.
    // The sum needs no second pass of exponentials: the softmax's largest
    // probability is exp(top - top) / sum = 1 / sum, and it is at least 1/V, so
    // its log is finite whatever the scores (where log p[label] of an
    // underflowed probability would be -inf).
    const arma::colvec top = arma::max(logits, 1);       // (T_tgt)
    const arma::colvec p_top = arma::max(m.probs, 1);    // (T_tgt), in [1/V, 1]
    double loss = 0;
    for (std::size_t r = 0; r < m.labels.size(); ++r) {
        const double lse = top(r) - std::log(p_top(r));
        loss += lse - logits(r, m.labels[r]);
    }
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

Model::Model(const Config& config)
    : config_(checked(config)), params_(make_parameters(config)), impl_(std::make_unique<Impl>()) {
    impl_->encoder.resize(config.layers);
    impl_->decoder.resize(config.layers);
    impl_->PE = positional_encoding(64, config.d_model);  // (64, d_model)
}

Model::~Model() = default;
Model::Model(Model&&) noexcept = default;
Model& Model::operator=(Model&&) noexcept = default;

std::size_t Model::parameter_count() const {
    std::size_t n = 0;
    for (const Tensor& t : tensors()) n += t.value.n_elem;
    return n;
}

double Model::loss(const Batch& batch) {
    load_batch(*impl_, batch);
    return forward_pass(params_, *impl_);
}

StepStats Model::forward_backward(const Batch& batch) {
    Impl& m = *impl_;
    Parameters& P = params_;
    load_batch(m, batch);
    StepStats stats;
    stats.loss = forward_pass(P, m);
    for (Tensor& t : tensors()) t.grad.zeros();

    // forward was: loss = mean over rows of -log softmax(logits)[label], so:
    // d logits = (p - onehot(label)) / N
    const double N = static_cast<double>(m.labels.size());
    arma::mat dlogits = m.probs;  // (T_tgt, V)
    std::size_t right = 0;
    for (std::size_t r = 0; r < m.labels.size(); ++r) {
        if (m.probs.row(r).index_max() == m.labels[r]) ++right;
        dlogits(r, m.labels[r]) -= 1.0;
    }
    dlogits /= N;
    stats.token_accuracy = static_cast<double>(right) / N;

    // forward was: logits = dec_out out_W + out_b, so: dout_W = dec_out^T dlogits,
    // dout_b = column sums of dlogits, ddec_out = dlogits out_W^T
    P.out_W.grad += m.dec_out.t() * dlogits;          // (d_model, V)
    P.out_b.grad += arma::sum(dlogits, 0);            // (1, V)
    arma::mat dy = dlogits * P.out_W.value.t();       // (T_tgt, d_model)
    // forward was: y = decoder blocks in order over embed(tgt), each reading enc_out
    arma::mat d_enc(m.enc_out.n_rows, m.enc_out.n_cols, arma::fill::zeros);  // (T_src, d_model)
    for (std::size_t l = m.decoder.size(); l-- > 0;)
        dy = m.decoder[l].backward(P.decoder[l], dy, m.tgt, m.enc_out, m.src, d_enc);  // (T_tgt, d_model)
    embed_backward(P.embed, m.tgt_tokens, dy);
    // forward was: enc_out = encoder blocks in order over embed(src)
    for (std::size_t l = m.encoder.size(); l-- > 0;)
        d_enc = m.encoder[l].backward(P.encoder[l], d_enc, m.src);  // (T_src, d_model)
    embed_backward(P.embed, m.src_tokens, d_enc);
    return stats;
}

arma::rowvec Model::next_scores(const tasks::Tokens& source, const tasks::Tokens& prefix) {
    Impl& m = *impl_;
    if (prefix.empty()) throw InputError("seq2seq: the decoder's prefix must start with <s>");
    if (!m.encoded_valid || m.encoded_source != source) {
        if (source.empty()) throw InputError("seq2seq: cannot translate an empty sequence");
        m.src = Segments{};
        m.src.add(source.size());
        m.src_tokens = source;
        encode(params_, m);  // (L_src, d_model) in m.enc_out
        m.encoded_source = source;
        m.encoded_valid = true;
    }
    m.tgt = Segments{};
    m.tgt.add(prefix.size());
    m.tgt_tokens = prefix;
    const arma::mat y = decode(params_, m);                                // (L_prefix, d_model)
    arma::rowvec scores = y.row(y.n_rows - 1) * params_.out_W.value;     // (1, V)
    scores += params_.out_b.value;
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
    maps.encoder_self = m.encoder.back().self.A.at(0);  // (L_src, L_src)
    maps.decoder_self = m.decoder.back().self.A.at(0);  // (L_tgt, L_tgt)
    maps.cross = m.decoder.back().cross.A.at(0);        // (L_tgt, L_src)
    return maps;
}

}  // namespace attn::model
