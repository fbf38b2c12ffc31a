#include "labs/multi_head_attention_lab.hpp"

#include <algorithm>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"

namespace attn::multi_head_attention_lab {

Example example() {
    Example e;
    e.tokens = example::tokens();
    e.X = example::X();
    e.W_q = example::W_q();
    e.W_k = example::W_k();
    e.W_v = example::W_v();
    // Rows 0-1 read head 0's output, rows 2-3 head 1's; every output column takes
    // one number from each head, so neither head's answer reaches the output alone.
    e.W_o = {{1, 0, 1, 0},
             {0, 1, 0, 1},
             {0, 1, 1, 0},
             {1, 0, 0, -1}};
    e.heads = 2;
    return e;
}

std::vector<arma::mat> head_weights_divided_by(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                               const arma::mat& W_k, arma::uword heads, arma::uword divide_by) {
    if (heads == 0) throw InputError("head_weights_divided_by: there must be at least one head");
    if (divide_by == 0) throw InputError("head_weights_divided_by: the divisor's width must be at least 1");
    require_shapes(W_q.n_cols == W_k.n_cols, "head_weights_divided_by",
                   "W_q and W_k must give queries and keys of one width (h d_k)", {"W_q", W_q}, {"W_k", W_k});
    const std::vector<arma::mat> Q = split_heads(project(X_q, W_q), heads);   // h x (L_Q, d_k)
    const std::vector<arma::mat> K = split_heads(project(X_kv, W_k), heads);  // h x (L_K, d_k)
    std::vector<arma::mat> weights;
    for (arma::uword i = 0; i < heads; ++i)
        // the chapter 04 steps one by one, so the divisor can be the wrong one on purpose
        weights.push_back(softmax_rows(scale_scores(scores(Q[i], K[i]), divide_by)));  // (L_Q, L_K)
    return weights;
}

arma::colvec peak_weights(const arma::mat& A) {
    arma::colvec peaks(A.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        if (A.n_cols > 0) peaks(i) = A.row(i).max();
    return peaks;
}

double attention_multiply_adds(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v,
                               arma::uword heads) {
    // per head: L_Q L_K dot products of length d_k, then L_Q rows of L_K weighted value rows of width d_v
    return static_cast<double>(heads) * static_cast<double>(L_Q) * static_cast<double>(L_K) *
           static_cast<double>(d_k + d_v);
}

double largest_difference(const arma::mat& a, const arma::mat& b) {
    require_shapes(a.n_rows == b.n_rows && a.n_cols == b.n_cols, "largest_difference",
                   "the two matrices must have one shape", {"a", a}, {"b", b});
    return a.n_elem == 0 ? 0.0 : arma::abs(a - b).max();
}

plot::Figure heads_figure(const std::string& title, const std::vector<arma::mat>& weights,
                          const std::vector<std::string>& queries, const std::vector<std::string>& keys) {
    plot::Figure f;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        plot::Heatmap h;
        h.title = "head " + std::to_string(i);
        h.values = weights[i];
        h.row_labels = queries;
        h.col_labels = keys;
        h.zmin = 0;  // one colour scale for every head, so the panels compare
        h.zmax = 1;
        f.panels.push_back(h);
    }
    const int n = static_cast<int>(std::max<std::size_t>(weights.size(), 1));
    const int cols = weights.empty() ? 1 : static_cast<int>(weights[0].n_cols);
    f.rows = 1;
    f.cols = n;
    f.width = n * (220 + 120 * cols);
    f.height = 560;
    f.title = title;
    return f;
}

}  // namespace attn::multi_head_attention_lab
