// model.cpp: chapter 12's encoder–decoder, forward and backward over a batch
// (layers in layers.cpp, parameters in parameters.cpp), and the inference path
// built from chapter 10's encoder_block and decoder_block.
//
// Dimension legend: T_src / T_tgt = source / target tokens in the batch (all
// sequences stacked), d_model = token width, n_vocab = vocabulary size.
#include "model/model.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "contracts/08_positional_encoding.hpp"
#include "contracts/10_transformer_blocks.hpp"
#include "contracts/11_training.hpp"
#include "contracts/12_encoder_decoder.hpp"
#include "core/errors.hpp"
#include "model/decoding.hpp"
#include "model/layers.hpp"

namespace attn::model {

// The layers with their caches, and what the last forward pass read.
struct Model::Impl {
    std::vector<EncoderBlock> encoder;
    std::vector<DecoderBlock> decoder;
    arma::mat PE;  // (64 or more, d_model): position codes (chapter 08), grown on demand
    // the last batch: where each sequence's rows are, its tokens, and the labels
    Segments src, tgt;
    std::vector<arma::uword> src_tokens, tgt_tokens, labels;
    // caches of the last forward pass
    arma::mat enc_out;  // (T_src, d_model)
    arma::mat dec_out;  // (T_tgt, d_model)
    arma::mat logits;   // (T_tgt, n_vocab)
    arma::mat dlogits;  // (T_tgt, n_vocab): cross_entropy's gradient, for the backward pass
};

namespace {

void require_config(const Config& c) {
    if (c.d_model == 0 || c.heads == 0 || c.d_k == 0 || c.d_v == 0 || c.d_ff == 0 || c.layers == 0 || c.vocab < 3)
        throw InputError("Model: every width, the head count and the layer count must be at least 1, and "
                         "the vocabulary needs a word besides <s> and </s>; got " + describe(c));
}

const Config& checked(const Config& c) {
    require_config(c);
    return c;
}

// Position codes for sequences of up to `longest` tokens: `PE` when it is long
// enough, else a longer table made once and kept.
const arma::mat& positions_for(arma::mat& PE, arma::uword longest, arma::uword d_model) {
    if (longest > PE.n_rows) PE = positional_encoding(std::max<arma::uword>(longest, 2 * PE.n_rows), d_model);
    return PE;  // (longest or more, d_model)
}

arma::uword longest(const Segments& seg) {
    arma::uword n = 0;
    for (auto l : seg.length) n = std::max(n, l);
    return n;
}

// The encoder over m.src_tokens: leaves (T_src, d_model) in m.enc_out.
void encode(const Parameters& P, Model::Impl& m) {
    const arma::mat& PE = positions_for(m.PE, longest(m.src), P.embed.value.n_cols);
    arma::mat x = embed_tokens(P.embed.value, PE, m.src_tokens, m.src);  // (T_src, d_model)
    for (std::size_t l = 0; l < m.encoder.size(); ++l) x = m.encoder[l].forward(P.encoder[l], std::move(x), m.src);
    m.enc_out = std::move(x);  // (T_src, d_model)
}

// The decoder over m.tgt_tokens, reading m.enc_out: (T_tgt, d_model).
arma::mat decode(const Parameters& P, Model::Impl& m) {
    const arma::mat& PE = positions_for(m.PE, longest(m.tgt), P.embed.value.n_cols);
    arma::mat y = embed_tokens(P.embed.value, PE, m.tgt_tokens, m.tgt);  // (T_tgt, d_model)
    for (std::size_t l = 0; l < m.decoder.size(); ++l)
        y = m.decoder[l].forward(P.decoder[l], std::move(y), m.tgt, m.enc_out, m.src);
    return y;
}

// Encoder and decoder over the batch held in m; leaves the logits and their
// gradient in m. Returns the mean cross-entropy of the labels.
double forward_pass(const Parameters& P, Model::Impl& m) {
    encode(P, m);
    m.dec_out = decode(P, m);                       // (T_tgt, d_model)
    m.logits = m.dec_out * P.out_W.value;           // (T_tgt, n_vocab)
    m.logits.each_row() += P.out_b.value;
    // chapter 11's cross_entropy: by log-sum-exp, so finite whatever the scores
    CrossEntropyResult ce = cross_entropy(m.logits, m.labels);
    m.dlogits = std::move(ce.dlogits);              // (T_tgt, n_vocab)
    return ce.loss;
}

void load_batch(Model::Impl& m, const Batch& batch) {
    if (batch.examples.empty()) throw InputError("Model: a batch needs at least one example");
    m.src = Segments{};
    m.tgt = Segments{};
    m.src_tokens.clear();
    m.tgt_tokens.clear();
    m.labels.clear();
    for (const auto& e : batch.examples) {
        if (e.source.empty()) throw InputError("Model: an example of the batch has an empty source sequence");
        m.src.add(e.source.size());
        m.src_tokens.insert(m.src_tokens.end(), e.source.begin(), e.source.end());
        // chapter 12's teacher_forcing: the decoder reads <s> y_1 .. y_n and predicts y_1 .. y_n </s>
        const TeacherForcing tf = teacher_forcing(e.target, tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd);
        if (tf.decoder_input.size() != tf.expected.size() || tf.decoder_input.empty())
            throw InputError("Model: teacher_forcing gave " + std::to_string(tf.decoder_input.size()) +
                             " decoder inputs and " + std::to_string(tf.expected.size()) +
                             " expected tokens; it needs one expected token per input, and at least one");
        m.tgt.add(tf.decoder_input.size());
        m.tgt_tokens.insert(m.tgt_tokens.end(), tf.decoder_input.begin(), tf.decoder_input.end());
        m.labels.insert(m.labels.end(), tf.expected.begin(), tf.expected.end());
    }
}

// ---------------------------------------------------------------- the inference path

AttentionWeights attention_weights_of(const AttentionParams& p, arma::uword heads) {
    AttentionWeights w;
    w.W_q = p.W_q.value;  // (d_model, h d_k)
    w.W_k = p.W_k.value;  // (d_model, h d_k)
    w.W_v = p.W_v.value;  // (d_model, h d_v)
    w.W_o = p.W_o.value;  // (h d_v, d_model)
    w.heads = heads;
    return w;
}
NormWeights norm_weights_of(const NormParams& p) { return {p.gain.value, p.bias.value}; }  // 1 x d_model each
FeedForwardWeights ff_weights_of(const FeedForwardParams& p) {
    return {p.W_1.value, p.b_1.value, p.W_2.value, p.b_2.value};
}

// Chapter 10's weight structs of every block, gathered from the model's tensors
// (copies): once per translation, or once for a whole list of them.
struct BlockWeights {
    std::vector<EncoderBlockWeights> enc;
    std::vector<DecoderBlockWeights> dec;
    arma::mat PE;  // (64, d_model): position codes (chapter 08) for sequences of up to 64 tokens
    BlockWeights(const Parameters& P, const Config& c) : PE(positional_encoding(64, c.d_model)) {
        for (const EncoderBlockParams& b : P.encoder)
            enc.push_back({attention_weights_of(b.self, c.heads), norm_weights_of(b.norm1), ff_weights_of(b.ff),
                           norm_weights_of(b.norm2)});
        for (const DecoderBlockParams& b : P.decoder)
            dec.push_back({attention_weights_of(b.self, c.heads), norm_weights_of(b.norm1),
                           attention_weights_of(b.cross, c.heads), norm_weights_of(b.norm2), ff_weights_of(b.ff),
                           norm_weights_of(b.norm3)});
    }
};

// One source, encoded once by chapter 10's encoder_block; asked for the next
// token's scores after any prefix, which chapter 10's decoder_block answers.
class BlockScorer {
public:
    BlockScorer(const Parameters& P, const BlockWeights& w, const tasks::Tokens& source) : P_(P), w_(w) {
        if (source.empty()) throw InputError("Model::translate: cannot translate an empty sequence");
        H_enc_ = embed(source);                                                  // (L_src, d_model)
        for (const EncoderBlockWeights& b : w_.enc) H_enc_ = encoder_block(H_enc_, b);  // (L_src, d_model)
    }
    arma::rowvec operator()(const tasks::Tokens& prefix) {
        if (prefix.empty()) throw InputError("Model::translate: the decoder's prefix must start with <s>");
        arma::mat y = embed(prefix);                                             // (L_prefix, d_model)
        for (const DecoderBlockWeights& b : w_.dec) y = decoder_block(y, H_enc_, b);  // (L_prefix, d_model)
        arma::rowvec scores = y.row(y.n_rows - 1) * P_.out_W.value;             // (1, n_vocab)
        scores += P_.out_b.value;
        return scores;
    }

private:
    arma::mat embed(const tasks::Tokens& tokens) {
        Segments one;
        one.add(tokens.size());
        // the shared table, or (for a longer sequence) a longer one of this scorer's own
        const arma::mat& PE = tokens.size() <= w_.PE.n_rows
                                  ? w_.PE
                                  : positions_for(PE_, tokens.size(), P_.embed.value.n_cols);
        return embed_tokens(P_.embed.value, PE, tokens, one);
    }
    const Parameters& P_;
    const BlockWeights& w_;
    arma::mat PE_;     // position codes beyond the shared table's, made only when needed
    arma::mat H_enc_;  // (L_src, d_model): the encoder's output for the source
};

// greedy_decode when beam is 0, else beam_search with that beam (beam 1 included).
tasks::Tokens decode_one(const Parameters& P, const BlockWeights& w, const tasks::Tokens& source, std::size_t max_len,
                         std::size_t beam) {
    BlockScorer scorer(P, w, source);  // the source is encoded once
    if (beam == 0)
        return greedy_decode(std::ref(scorer), tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd, max_len);
    return beam_search(std::ref(scorer), tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd, max_len, beam);
}

}  // namespace

Model::Model(const Config& config)
    : config_(checked(config)), params_(make_parameters(config)), impl_(std::make_unique<Impl>()) {
    impl_->encoder.resize(config.layers);
    impl_->decoder.resize(config.layers);
    for (auto& b : impl_->encoder) b.self.heads = config.heads;
    for (auto& b : impl_->decoder) b.self.heads = b.cross.heads = config.heads;
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

const arma::mat& Model::last_logits() const { return impl_->logits; }  // (T_tgt, n_vocab)

arma::mat Model::teacher_forced_scores(const tasks::Example& example) {
    Batch b;
    b.examples.push_back(example);
    loss(b);
    return impl_->logits;  // (target length + 1, n_vocab)
}

StepStats Model::forward_backward(const Batch& batch) {
    Impl& m = *impl_;
    Parameters& P = params_;
    load_batch(m, batch);
    StepStats stats;
    stats.loss = forward_pass(P, m);
    for (Tensor& t : tensors()) t.grad.zeros();

    std::size_t right = 0;
    const arma::uvec best = arma::index_max(m.logits, 1);  // (T_tgt): each row's highest score (the first, on ties)
    for (std::size_t r = 0; r < m.labels.size(); ++r)
        if (best(r) == m.labels[r]) ++right;
    stats.token_accuracy = static_cast<double>(right) / static_cast<double>(m.labels.size());

    // forward was: loss = cross_entropy(logits, labels), whose gradient m.dlogits
    // (T_tgt, n_vocab) came with it; logits = dec_out out_W + out_b, so:
    // dout_W = dec_out^T dlogits, dout_b = column sums of dlogits, ddec_out = dlogits out_W^T
    P.out_W.grad += m.dec_out.t() * m.dlogits;     // (d_model, n_vocab)
    P.out_b.grad += arma::sum(m.dlogits, 0);       // (1, n_vocab)
    arma::mat dy = m.dlogits * P.out_W.value.t();  // (T_tgt, d_model)
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

arma::rowvec Model::next_scores(const tasks::Tokens& source, const tasks::Tokens& prefix) const {
    const BlockWeights w(params_, config_);
    BlockScorer scorer(params_, w, source);
    return scorer(prefix);
}

tasks::Tokens Model::translate(const tasks::Tokens& source, std::size_t max_len) const {
    return decode_one(params_, BlockWeights(params_, config_), source, max_len, 0);
}

tasks::Tokens Model::translate_beam(const tasks::Tokens& source, std::size_t max_len, std::size_t beam) const {
    return decode_one(params_, BlockWeights(params_, config_), source, max_len, beam);
}

tasks::Tokens Model::translate_normalised(const tasks::Tokens& source, std::size_t max_len, std::size_t beam,
                                          double alpha) const {
    const BlockWeights w(params_, config_);
    BlockScorer scorer(params_, w, source);  // keeps a reference to w
    return beam_search_normalised(std::ref(scorer), tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd, max_len, beam,
                                  alpha);
}

std::vector<tasks::Tokens> Model::translate_all(const std::vector<tasks::Tokens>& sources, std::size_t max_len,
                                                std::size_t beam) const {
    const BlockWeights w(params_, config_);  // gathered once for every source
    std::vector<tasks::Tokens> out;
    out.reserve(sources.size());
    // as exact_match counts: greedy decoding for beam 1, beam search otherwise
    for (const tasks::Tokens& source : sources) out.push_back(decode_one(params_, w, source, max_len, beam == 1 ? 0 : beam));
    return out;
}

std::size_t Model::count_exact_greedy(const std::vector<tasks::Example>& examples, std::size_t max_len) const {
    const BlockWeights w(params_, config_);  // gathered once for every example
    arma::rowvec give_up(params_.out_W.value.n_cols, arma::fill::zeros);  // (1, n_vocab): highest at the end token
    give_up(tasks::Vocabulary::kEnd) = 1.0;
    std::size_t right = 0;
    for (const tasks::Example& e : examples) {
        BlockScorer scorer(params_, w, e.source);
        // prefix is <s> y_1 .. y_k: while y_1 .. y_k is how the target begins, the
        // model's scores; once not, the end token, so that greedy_decode stops there.
        // Every choice up to the first wrong token is what translate() would make.
        const auto scores = [&](const tasks::Tokens& prefix) -> arma::rowvec {
            const bool on_track = prefix.size() - 1 <= e.target.size() &&
                                  std::equal(prefix.begin() + 1, prefix.end(), e.target.begin());
            return on_track ? scorer(prefix) : give_up;
        };
        if (greedy_decode(scores, tasks::Vocabulary::kBegin, tasks::Vocabulary::kEnd, max_len) == e.target) ++right;
    }
    return right;
}

AttentionMaps Model::attention_maps(const tasks::Example& example) {
    Batch b;
    b.examples.push_back(example);
    loss(b);
    const Impl& m = *impl_;
    AttentionMaps maps;
    maps.encoder_self = m.encoder.back().self.A.at(0);  // h x (L_src, L_src)
    maps.decoder_self = m.decoder.back().self.A.at(0);  // h x (L_tgt, L_tgt)
    maps.cross = m.decoder.back().cross.A.at(0);        // h x (L_tgt, L_src)
    return maps;
}

}  // namespace attn::model
