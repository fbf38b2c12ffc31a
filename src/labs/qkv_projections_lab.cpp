#include "labs/qkv_projections_lab.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn::qkv_projections_lab {

arma::mat with_row_copied(const arma::mat& X, arma::uword from, arma::uword to) {
    require_shape(from < X.n_rows && to < X.n_rows, "with_row_copied", "both rows must exist in X", {"X", X});
    arma::mat Y = X;  // (L, d_model)
    Y.row(to) = X.row(from);
    return Y;
}

double row_difference(const arma::mat& M, arma::uword i, arma::uword j) {
    require_shape(i < M.n_rows && j < M.n_rows, "row_difference", "both rows must exist in M", {"M", M});
    return arma::abs(M.row(i) - M.row(j)).max();
}

std::vector<DotProduct> dot_products(const arma::mat& X, const arma::mat& W) {
    require_shapes(X.n_cols == W.n_rows, "dot_products", "X's width must equal W's rows (d_model)", {"X", X},
                   {"W", W});
    std::vector<DotProduct> out;
    out.reserve(X.n_rows * W.n_cols);
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < W.n_cols; ++j) {
            DotProduct d;
            d.i = i;
            d.j = j;
            d.row = X.row(i);
            d.column = W.col(j).t();
            // multiply matching entries and add them up: what X * W does for this one cell
            for (arma::uword k = 0; k < X.n_cols; ++k) d.value += X(i, k) * W(k, j);
            out.push_back(std::move(d));
        }
    return out;
}

Reordering reorder_words(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                         const arma::uvec& order, const AttentionOutput& attention) {
    require_shape(order.n_elem == X.n_rows, "reorder_words", "the order must list every row of X once", {"X", X});
    Reordering r;
    r.order = order;
    // The projections are the learner's (chapter 02); the attention pass is
    // whatever the caller hands in (the program: chapter 06's reference).
    const Projections p = project_qkv(X, W_q, W_k, W_v);
    const Projections pr = project_qkv(X.rows(order), W_q, W_k, W_v);
    r.Z = attention(p.Q, p.K, p.V);              // (L, d_v)
    r.Z_reordered = attention(pr.Q, pr.K, pr.V);  // (L, d_v)
    // Nothing in Q K^T, softmax or A V knows where a row sits: moving the words
    // moves their outputs with them and changes nothing else.
    r.worst = arma::abs(r.Z_reordered - r.Z.rows(order)).max();
    return r;
}

plot::Figure projections_figure(const arma::mat& X, const Projections& p, const std::vector<std::string>& tokens) {
    // One colour range over all four matrices: the panels are compared with each other.
    const double lo = std::min({X.min(), p.Q.min(), p.K.min(), p.V.min(), 0.0});
    const double hi = std::max({X.max(), p.Q.max(), p.K.max(), p.V.max(), 1.0});
    auto panel = [&](const std::string& title, const arma::mat& M) {
        plot::Heatmap h;
        h.title = title;
        h.values = M;
        h.row_labels = tokens;
        for (arma::uword c = 0; c < M.n_cols; ++c) h.col_labels.push_back(std::to_string(c));
        h.xlabel = "feature";
        h.ylabel = "token";
        h.zmin = lo;
        h.zmax = hi;
        return h;
    };
    plot::Figure f;
    f.panels = {panel("X, the one input", X), panel("Q = X W_q", p.Q), panel("K = X W_k", p.K),
                panel("V = X W_v", p.V)};
    f.rows = 1;
    f.cols = 4;
    f.width = 1800;
    f.height = 480;
    f.title = "One input, three projections: only the weight matrix changes";
    return f;
}

}  // namespace attn::qkv_projections_lab
