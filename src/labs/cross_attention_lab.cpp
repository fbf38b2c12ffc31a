#include "labs/cross_attention_lab.hpp"

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "core/worked_example.hpp"

namespace attn::cross_attention_lab {

Translation translation_example() {
    Translation t;
    t.source = {"I", "really", "love", "LLMs"};
    t.target = {"<s>", "J'"};
    // Encoder output: small whole numbers, one row per source token.
    t.H_enc = {{0, 0, 1, 1},
               {1, 1, 0, 1},
               {0, 1, 0, 1},
               {1, 0, 0, 1}};
    // Decoder input: a start token, then the French for "I" (written like "I").
    t.X_dec = {{1, 1, 1, 1},
               {0, 0, 1, 1}};
    t.W_q = example::W_q();
    t.W_k = example::W_k();
    t.W_v = example::W_v();
    return t;
}

AttentionResult causal_self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k,
                                      const arma::mat& W_v) {
    require_shapes(X.n_cols == W_q.n_rows, "causal_self_attention", "X's width must equal W_q's rows (d_model)",
                   {"X", X}, {"W_q", W_q});
    const arma::mat Q = X * W_q, K = X * W_k, V = X * W_v;  // (L, d_k), (L, d_k), (L, d_v)
    return masked_attention(Q, K, V, causal_mask(X.n_rows));  // weights (L, L), output (L, d_v)
}

Change change_one_token(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                        arma::uword position, const arma::rowvec& new_row, bool causal) {
    require_shape(position < X.n_rows, "change_one_token", "position must be a row of X", {"X", X});
    arma::mat X2 = X;
    X2.row(position) = new_row;
    const arma::mat a = (causal ? causal_self_attention(X, W_q, W_k, W_v) : self_attention(X, W_q, W_k, W_v)).output;
    const arma::mat b = (causal ? causal_self_attention(X2, W_q, W_k, W_v) : self_attention(X2, W_q, W_k, W_v)).output;
    Change c;
    if (position > 0) c.earlier_rows = arma::abs(b.rows(0, position - 1) - a.rows(0, position - 1)).max();
    c.changed_row = arma::abs(b.row(position) - a.row(position)).max();
    return c;
}

plot::Figure weights_figure(const std::string& title, const arma::mat& A, const std::vector<std::string>& queries,
                            const std::vector<std::string>& keys) {
    plot::Heatmap h;
    h.title = title;
    h.values = A;
    h.row_labels = queries;
    h.col_labels = keys;
    plot::Figure f(h);
    // Non-square matrices: keep the cells square and the picture about as wide as the matrix.
    f.width = 260 + 140 * static_cast<int>(A.n_cols);
    f.height = 200 + 140 * static_cast<int>(A.n_rows);
    return f;
}

}  // namespace attn::cross_attention_lab
