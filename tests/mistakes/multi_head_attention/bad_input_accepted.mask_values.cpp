// Wrong on purpose (suite only): heads written by hand with a softmax of their own; the mask's shape is checked, its values never, so NaN or +infinity in it runs through.
#include <cmath>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

namespace {
// each row's softmax; a row with no key left (all -infinity) gets zeros
arma::mat row_softmax(const arma::mat& S) {
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.row(i).max();
        if (top == -arma::datum::inf) continue;
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += A(i, j) = std::exp(S(i, j) - top);
        A.row(i) /= total;
    }
    return A;
}
}  // namespace

MultiHeadResult multi_head_attention(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                     const arma::mat& W_k, const arma::mat& W_v, const arma::mat& W_o,
                                     arma::uword heads, const arma::mat& mask) {
    if (heads == 0) throw InputError("multi_head_attention: there must be at least one head");
    const char* fn = "multi_head_attention";
    require_shapes(X_q.n_cols == W_q.n_rows, fn, "X_q must be as wide as W_q is tall (d_model)", {"X_q", X_q}, {"W_q", W_q});
    require_shapes(X_kv.n_cols == W_k.n_rows, fn, "X_kv must be as wide as W_k is tall (d_model)", {"X_kv", X_kv},
                   {"W_k", W_k});
    require_shapes(X_kv.n_cols == W_v.n_rows, fn, "X_kv must be as wide as W_v is tall (d_model)", {"X_kv", X_kv},
                   {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must give queries and keys of one width (h d_k)",
                   {"W_q", W_q}, {"W_k", W_k});
    require_shapes(W_q.n_cols % heads == 0, fn, "the query width must split evenly into the heads (h d_k)",
                   {"W_q", W_q}, {"heads", 1, heads});
    require_shapes(W_v.n_cols % heads == 0, fn, "the value width must split evenly into the heads (h d_v)",
                   {"W_v", W_v}, {"heads", 1, heads});
    require_shapes(W_o.n_rows == W_v.n_cols, fn, "W_o needs one row per column of the heads' outputs (h d_v)",
                   {"W_o", W_o}, {"W_v", W_v});
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;
    if (masked)
        require_shapes(mask.n_rows == X_q.n_rows && mask.n_cols == X_kv.n_rows, fn,
                       "the mask needs one entry per query and key (L_Q x L_K)", {"mask", mask},
                       {"scores", X_q.n_rows, X_kv.n_rows});
    // the mistake: the mask's values never checked (NaN or +infinity is no mask entry)
    const arma::mat Q = project(X_q, W_q), K = project(X_kv, W_k), V = project(X_kv, W_v);
    const arma::uword d_k = W_q.n_cols / heads, d_v = W_v.n_cols / heads;
    MultiHeadResult r;
    r.concat.set_size(X_q.n_rows, heads * d_v);
    for (arma::uword i = 0; i < heads; ++i) {
        arma::mat S = Q.cols(i * d_k, (i + 1) * d_k - 1) * K.cols(i * d_k, (i + 1) * d_k - 1).t() /
                      std::sqrt(static_cast<double>(d_k));
        if (masked) S += mask;
        const arma::mat A = row_softmax(S);
        r.weights.push_back(A);
        r.concat.cols(i * d_v, (i + 1) * d_v - 1) = A * V.cols(i * d_v, (i + 1) * d_v - 1);
    }
    r.output = r.concat * W_o;
    return r;
}

}  // namespace attn
