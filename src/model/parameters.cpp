// parameters.cpp: chapter 12's parameters, made and listed through the one
// layout, for_each_tensor (parameters.hpp).
#include <random>

#include "model/parameters.hpp"

namespace attn::model {

std::string describe(const Config& c) {
    return "d_model " + std::to_string(c.d_model) + ", " + std::to_string(c.heads) +
           (c.heads == 1 ? " head" : " heads") + " (d_k " + std::to_string(c.d_k) + ", d_v " + std::to_string(c.d_v) +
           "), d_ff " + std::to_string(c.d_ff) + ", " + std::to_string(c.layers) + "+" + std::to_string(c.layers) +
           " layers, vocabulary " + std::to_string(c.vocab);
}

namespace {
// A Parameters with the right number of blocks and every matrix empty.
Parameters empty_parameters(const Config& c) {
    Parameters p;
    p.encoder.resize(c.layers);
    p.decoder.resize(c.layers);
    return p;
}
}  // namespace

Parameters make_parameters(const Config& c) {
    Parameters p = empty_parameters(c);
    std::mt19937_64 rng(c.seed);  // drawn in layout order: the same seed gives the same model
    for_each_tensor(p, c, [&](const std::string& name, Tensor& t, arma::uword rows, arma::uword cols, Init init) {
        t.name = name;
        t.value.set_size(rows, cols);  // (rows, cols)
        if (init.std_dev > 0) {
            std::normal_distribution<double> normal(0.0, init.std_dev);
            t.value.imbue([&] { return normal(rng); });
        } else {
            t.value.fill(init.fill);
        }
        t.grad.zeros(rows, cols);    // (rows, cols)
        t.adam_m.zeros(rows, cols);  // (rows, cols)
        t.adam_v.zeros(rows, cols);  // (rows, cols)
    });
    return p;
}

std::vector<TensorShape> tensor_layout(const Config& c) {
    Parameters p = empty_parameters(c);  // no matrix is allocated: only names and shapes are read
    std::vector<TensorShape> out;
    for_each_tensor(p, c, [&](const std::string& name, Tensor&, arma::uword rows, arma::uword cols, Init) {
        out.push_back({name, rows, cols});
    });
    return out;
}

TensorRefs tensors_of(Parameters& p, const Config& c) {
    TensorRefs out;
    for_each_tensor(p, c, [&](const std::string&, Tensor& t, arma::uword, arma::uword, Init) { out.push_back(t); });
    return out;
}

ConstTensorRefs tensors_of(const Parameters& p, const Config& c) {
    ConstTensorRefs out;
    for_each_tensor(p, c,
                    [&](const std::string&, const Tensor& t, arma::uword, arma::uword, Init) { out.push_back(t); });
    return out;
}

}  // namespace attn::model
