#include "labs/shape_rules_lab.hpp"

#include <algorithm>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {


}  // namespace attn

namespace attn::shape_rules_lab {

Inputs random_inputs(const Sizes& s, int seed) {
    arma::arma_rng::set_seed(seed);
    Inputs in;
    in.Q = arma::randn(s.L_Q, s.d_k);
    in.K = arma::randn(s.L_K, s.d_k);
    in.V = arma::randn(s.L_K, s.d_v);
    return in;
}

std::string try_attention(const Shape& Q, const Shape& K, const Shape& V) {
    // The values do not matter here, only the shapes: ones keep softmax trivial.
    const arma::mat q(Q.rows, Q.cols, arma::fill::ones), k(K.rows, K.cols, arma::fill::ones),
        v(V.rows, V.cols, arma::fill::ones);
    try {
        const AttentionResult r = scaled_dot_product_attention(q, k, v);  // output (L_Q, d_v)
        return "runs: output " + shape_of(r.output);
    } catch (const ShapeError& e) {
        return e.what();
    }
}

std::string product_error(const arma::mat& left, const arma::mat& right) {
    try {
        const arma::mat P = left * right;
        return "";
    } catch (const std::logic_error& e) {
        // Armadillo reports a size mismatch as std::logic_error (unless its
        // run-time checks are compiled out, which this course never does).
        return e.what();
    }
}

std::string describe(ShapeRule rule) {
    switch (rule) {
        case ShapeRule::none: return "none (attention runs)";
        case ShapeRule::same_width_q_k: return kRuleSameWidth;
        case ShapeRule::same_length_k_v: return kRuleSameLength;
    }
    return "?";
}

plot::Figure shapes_figure(const Sizes& s) {
    const AttentionShapes out = attention_shapes(s.L_Q, s.L_K, s.d_k, s.d_v);
    plot::BarChart c;
    c.title = "Shapes through one attention layer (L_Q = " + std::to_string(s.L_Q) +
              ", L_K = " + std::to_string(s.L_K) + ", d_k = " + std::to_string(s.d_k) +
              ", d_v = " + std::to_string(s.d_v) + ")";
    c.ylabel = "size";
    c.categories = {"Q", "K", "V", "scores QK^T", "weights A", "output AV"};
    const Shape shapes[] = {{s.L_Q, s.d_k}, {s.L_K, s.d_k}, {s.L_K, s.d_v}, out.scores, out.weights, out.output};
    plot::BarGroup rows{"rows (length: one per token)", {}}, cols{"columns (width: features or keys)", {}};
    for (const auto& m : shapes) {
        rows.values.push_back(static_cast<double>(m.rows));
        cols.values.push_back(static_cast<double>(m.cols));
    }
    c.groups = {rows, cols};
    c.value_decimals = 0;
    // headroom above the tallest bar for the legend
    const double tallest = static_cast<double>(std::max({s.L_Q, s.L_K, s.d_k, s.d_v}));
    c.extra = {"set key top center horizontal", "set yrange [0:" + std::to_string(1.35 * tallest) + "]"};
    return plot::Figure(c);
}

}  // namespace attn::shape_rules_lab
