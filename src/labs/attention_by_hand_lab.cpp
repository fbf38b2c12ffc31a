#include "labs/attention_by_hand_lab.hpp"

#include <algorithm>
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "core/print.hpp"
#include "core/worked_example.hpp"

namespace attn::attention_by_hand_lab {

Walkthrough walk_through(const std::vector<std::string>& tokens, const arma::mat& X, const arma::mat& W_q,
                         const arma::mat& W_k, const arma::mat& W_v) {
    Walkthrough w;
    w.tokens = tokens;
    w.X = X;
    // pass 1: three views of one input (chapter 02)
    w.p = project_qkv(X, W_q, W_k, W_v);
    w.d_k = w.p.K.n_cols;
    // pass 2: scores, then their scaled version, kept apart so both can be shown
    w.S = scores(w.p.Q, w.p.K);             // (L, L)
    w.S_scaled = scale_scores(w.S, w.d_k);  // (L, L)
    // pass 3: the weights, through the learner's chained function (not rebuilt here)
    w.A = attention_weights(w.p.Q, w.p.K);  // (L, L)
    // pass 4: the output
    w.Z = attend(w.A, w.p.V);  // (L, d_v)
    return w;
}

Lead lead_of(const arma::rowvec& weights) {
    if (weights.n_elem < 2) throw InputError("lead_of: a row needs at least 2 weights to have a runner-up");
    const arma::uvec order = arma::sort_index(weights, "descend");
    Lead l{order(0), order(1), 0.0};
    if (weights(l.second) <= 0) throw InputError("lead_of: the runner-up's weight is 0, so there is no ratio");
    l.ratio = weights(l.first) / weights(l.second);
    return l;
}

Walkthrough worked_example() {
    return walk_through(example::tokens(), example::X(), example::W_q(), example::W_k(), example::W_v());
}

namespace {

plot::Heatmap heat(const std::string& title, const arma::mat& M, const Walkthrough& w, double zmax) {
    plot::Heatmap h;
    h.title = title;
    h.values = M;
    h.row_labels = w.tokens;
    h.col_labels = w.tokens;
    h.zmin = 0;
    h.zmax = zmax;
    return h;
}

}  // namespace

plot::Figure weights_heatmap(const Walkthrough& w) {
    plot::Figure f(heat("Attention weights A: row = query, column = key; rows sum to 1", w.A, w, 1.0));
    f.width = 700;
    f.height = 600;
    return f;
}

plot::Figure three_stages_figure(const Walkthrough& w) {
    plot::Figure f;
    // Each panel keeps its own colour scale, starting at 0, so the same cell
    // can be followed from raw score to weight.
    const double top = std::max(1.0, std::ceil(w.S.max()));
    f.panels.push_back(heat("1. scores Q K^T", w.S, w, top));
    f.panels.push_back(heat("2. divided by sqrt(d_k) = " + format_number(std::sqrt(double(w.d_k)), 0),
                            w.S_scaled, w, top / std::sqrt(double(w.d_k))));
    f.panels.push_back(heat("3. softmax of each row", w.A, w, 1.0));
    f.rows = 1;
    f.cols = 3;
    f.width = 1500;
    f.height = 520;
    f.title = "The same 3x3 grid, three stages";
    return f;
}

plot::Figure mixing_figure(const Walkthrough& w, arma::uword row) {
    plot::BarChart c;
    const std::string who = row < w.tokens.size() ? w.tokens[row] : std::to_string(row);
    c.title = "How z_" + who + " is made: each value row times its weight, then added";
    c.ylabel = "contribution to the output entry";
    for (arma::uword col = 0; col < w.p.V.n_cols; ++col) c.categories.push_back("column " + std::to_string(col));
    for (arma::uword j = 0; j < w.p.V.n_rows; ++j) {
        plot::BarGroup g;
        const std::string key = j < w.tokens.size() ? w.tokens[j] : std::to_string(j);
        g.title = format_number(w.A(row, j), 2) + " v_" + key;
        const arma::rowvec part = w.A(row, j) * w.p.V.row(j);
        g.values.assign(part.begin(), part.end());
        c.groups.push_back(g);
    }
    plot::BarGroup total;
    total.title = "z_" + who + " (the sum)";
    const arma::rowvec z = w.Z.row(row);
    total.values.assign(z.begin(), z.end());
    c.groups.push_back(total);
    c.extra = {"set key top right"};
    return plot::Figure(c);
}

plot::Figure weights_times_values_figure(const Walkthrough& w) {
    std::vector<std::string> features;
    for (arma::uword c = 0; c < w.p.V.n_cols; ++c) features.push_back(std::to_string(c));
    // V and Z share a colour range: each entry of Z is an average of a column of V.
    const double top = std::max(1.0, std::ceil(std::max(w.p.V.max(), w.Z.max())));
    const double bottom = std::min(0.0, std::floor(std::min(w.p.V.min(), w.Z.min())));
    plot::Heatmap a = heat("A, the weights (a recipe)", w.A, w, 1.0);
    plot::Heatmap v = heat("V, the values", w.p.V, w, top);
    v.col_labels = features;
    v.xlabel = "feature";
    v.ylabel = "key";
    v.zmin = bottom;
    plot::Heatmap z = heat("Z = A V, what the layer hands on", w.Z, w, top);
    z.col_labels = features;
    z.xlabel = "feature";
    z.zmin = bottom;
    plot::Figure f;
    f.panels = {a, v, z};
    f.rows = 1;
    f.cols = 3;
    f.width = 1500;
    f.height = 520;
    f.title = "Spending the weights on the values: Z = A V";
    return f;
}

}  // namespace attn::attention_by_hand_lab
