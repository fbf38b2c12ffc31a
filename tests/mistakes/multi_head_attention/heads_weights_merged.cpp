// Wrong on purpose (suite only): the mistake heads_weights_merged in multi_head_attention. (the mean of the heads, as average_attn_weights)
#include <cmath>

#include "contracts/02_qkv_projections.hpp"
#include "contracts/03_softmax.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

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
    const arma::mat Q = project(X_q, W_q), K = project(X_kv, W_k), V = project(X_kv, W_v);  // (L, h d)
    const arma::uword d_k = W_q.n_cols / heads, d_v = W_v.n_cols / heads;
    MultiHeadResult r;
    r.concat = arma::mat(X_q.n_rows, 0);
    arma::mat mean(X_q.n_rows, X_kv.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < heads; ++i) {
        const arma::mat Q_i = Q.cols(i * d_k, (i + 1) * d_k - 1), K_i = K.cols(i * d_k, (i + 1) * d_k - 1);
        const arma::mat V_i = V.cols(i * d_v, (i + 1) * d_v - 1);
        arma::mat S = Q_i * K_i.t() / std::sqrt(static_cast<double>(d_k));  // (L_Q, L_K)
        if (mask.n_elem) {
            require_shapes(mask.n_rows == S.n_rows && mask.n_cols == S.n_cols, "multi_head_attention",
                           "the mask needs one entry per query and key (L_Q x L_K)", {"mask", mask}, {"scores", S});
            S += mask;
        }
        const arma::mat A = softmax_rows(S);
        mean += A / static_cast<double>(heads);
        r.concat = arma::join_rows(r.concat, A * V_i);
    }
    r.weights.push_back(mean);  // the mistake: one matrix, the mean over the heads
    r.output = r.concat * W_o;
    return r;
}

}  // namespace attn
