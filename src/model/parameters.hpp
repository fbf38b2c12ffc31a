// parameters.hpp: chapter 12's parameters by name, and the tensor
// layout, stated once for the model and its checkpoints.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   n_vocab = vocabulary size   d_model = token width   h = heads
//   d_k = one head's query/key width   d_v = one head's value width   d_ff = feed-forward width
#pragma once

#include <armadillo>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace attn::model {

struct Config {
    arma::uword d_model = 32;
    arma::uword heads = 2;  // h: attentions side by side in every attention layer (chapter 09)
    arma::uword d_k = 16;   // one head's query/key width; h d_k may differ from d_model (the tests do that)
    arma::uword d_v = 16;   // one head's value width
    arma::uword d_ff = 64;
    arma::uword layers = 1;  // encoder blocks, and as many decoder blocks
    arma::uword vocab = 0;   // set from the task's vocabulary
    std::uint64_t seed = 1;  // initial weights
};

// "d_model 32, 2 heads (d_k 16, d_v 16), d_ff 64, 1+1 layers, vocabulary 12"
std::string describe(const Config& c);

// A parameter: its value, the gradient the last backward pass left in it, and
// Adam's two running averages (all of the value's shape).
struct Tensor {
    std::string name;  // "enc0.self.W_q", "embed", ...: its name in a checkpoint
    arma::mat value, grad, adam_m, adam_v;
};

// The parameters of each kind of layer, by the names of the formulas they appear in.
// A multi-head attention's: the columns of W_q, W_k and W_v come d_k (or d_v)
// at a time, one block per head; W_o reads the heads' outputs side by side.
struct AttentionParams {
    Tensor W_q;  // (d_model, h d_k)   Q = X_q W_q
    Tensor W_k;  // (d_model, h d_k)   K = X_kv W_k
    Tensor W_v;  // (d_model, h d_v)   V = X_kv W_v
    Tensor W_o;  // (h d_v, d_model)   out = concat(head_0 .. head_{h-1}) W_o
};
struct NormParams {
    Tensor gain;  // (1, d_model)    y = gain % xhat + bias
    Tensor bias;  // (1, d_model)
};
struct FeedForwardParams {
    Tensor W_1;  // (d_model, d_ff)  H = relu(x W_1 + b_1)
    Tensor b_1;  // (1, d_ff)
    Tensor W_2;  // (d_ff, d_model)  y = H W_2 + b_2
    Tensor b_2;  // (1, d_model)
};
struct EncoderBlockParams {
    AttentionParams self;
    NormParams norm1;
    FeedForwardParams ff;
    NormParams norm2;
};
struct DecoderBlockParams {
    AttentionParams self;  // causal
    NormParams norm1;
    AttentionParams cross;
    NormParams norm2;
    FeedForwardParams ff;
    NormParams norm3;
};

// Every parameter of the model.
struct Parameters {
    Tensor embed;                             // (n_vocab, d_model)  one row per token id
    std::vector<EncoderBlockParams> encoder;  // config.layers blocks
    std::vector<DecoderBlockParams> decoder;  // config.layers blocks
    Tensor out_W;                             // (d_model, n_vocab)  logits = y out_W + out_b
    Tensor out_b;                             // (1, n_vocab)
};

// How a tensor starts: normal(0, std_dev) draws when std_dev > 0, else every entry `fill`.
struct Init {
    double std_dev = 0;
    double fill = 0;
};

// THE tensor layout: every tensor of `p` with its name, shape and initial
// values, in the order a checkpoint stores them (and Model::tensors() lists
// them). The model's constructor, tensor_layout() and the checkpoint all go
// through this one function, so they cannot disagree. `p` must hold
// config.layers encoder and decoder blocks (the matrices may be empty).
//   fn(const std::string& name, Tensor& t, arma::uword rows, arma::uword cols, Init init)
template <class Params, class Fn>
void for_each_tensor(Params& p, const Config& c, Fn&& fn) {
    const double per_input = 1.0 / std::sqrt(static_cast<double>(c.d_model));  // keeps x W near unit variance
    const arma::uword hk = c.heads * c.d_k, hv = c.heads * c.d_v;  // all heads side by side
    const auto attention = [&](const std::string& n, auto& a) {
        fn(n + ".W_q", a.W_q, c.d_model, hk, Init{per_input, 0});
        fn(n + ".W_k", a.W_k, c.d_model, hk, Init{per_input, 0});
        fn(n + ".W_v", a.W_v, c.d_model, hv, Init{per_input, 0});
        fn(n + ".W_o", a.W_o, hv, c.d_model, Init{1.0 / std::sqrt(static_cast<double>(hv)), 0});
    };
    const auto norm = [&](const std::string& n, auto& m) {
        fn(n + ".gain", m.gain, 1, c.d_model, Init{0, 1.0});
        fn(n + ".bias", m.bias, 1, c.d_model, Init{0, 0.0});
    };
    const auto ff = [&](const std::string& n, auto& f) {
        fn(n + ".W_1", f.W_1, c.d_model, c.d_ff, Init{std::sqrt(2.0 / c.d_model), 0});  // He: relu follows
        fn(n + ".b_1", f.b_1, 1, c.d_ff, Init{0, 0.0});
        fn(n + ".W_2", f.W_2, c.d_ff, c.d_model, Init{1.0 / std::sqrt(static_cast<double>(c.d_ff)), 0});
        fn(n + ".b_2", f.b_2, 1, c.d_model, Init{0, 0.0});
    };
    fn("embed", p.embed, c.vocab, c.d_model, Init{per_input, 0});
    for (std::size_t l = 0; l < p.encoder.size(); ++l) {
        const std::string n = "enc" + std::to_string(l);
        attention(n + ".self", p.encoder[l].self);
        norm(n + ".norm1", p.encoder[l].norm1);
        ff(n + ".ff", p.encoder[l].ff);
        norm(n + ".norm2", p.encoder[l].norm2);
    }
    for (std::size_t l = 0; l < p.decoder.size(); ++l) {
        const std::string n = "dec" + std::to_string(l);
        attention(n + ".self", p.decoder[l].self);
        norm(n + ".norm1", p.decoder[l].norm1);
        attention(n + ".cross", p.decoder[l].cross);
        norm(n + ".norm2", p.decoder[l].norm2);
        ff(n + ".ff", p.decoder[l].ff);
        norm(n + ".norm3", p.decoder[l].norm3);
    }
    fn("out.W", p.out_W, c.d_model, c.vocab, Init{per_input, 0});
    fn("out.b", p.out_b, 1, c.vocab, Init{0, 0.0});
}

// Random parameters for `c`, drawn from c.seed in layout order; gradients and
// Adam's averages zero.
Parameters make_parameters(const Config& c);

// The name and shape of every tensor of a model with configuration `c`, in
// layout order. Allocates no matrix (the checkpoint parser calls it with
// whatever sizes a file claims).
struct TensorShape {
    std::string name;
    arma::uword rows = 0, cols = 0;
};
std::vector<TensorShape> tensor_layout(const Config& c);

// The tensors of `p` in layout order, as references into `p` (valid while `p`
// lives and its vectors of blocks keep their size).
using TensorRefs = std::vector<std::reference_wrapper<Tensor>>;
using ConstTensorRefs = std::vector<std::reference_wrapper<const Tensor>>;
TensorRefs tensors_of(Parameters& p, const Config& c);
ConstTensorRefs tensors_of(const Parameters& p, const Config& c);

}  // namespace attn::model
