// Wrong on purpose (suite only): every head reads head 0's keys, Ks[0] where Ks[i] belongs.
#include "contracts/09_multi_head_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

MultiHeadResult multi_head_attention(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                     const arma::mat& W_k, const arma::mat& W_v, const arma::mat& W_o,
                                     arma::uword heads, const arma::mat& mask) {
    if (heads == 0) throw InputError("multi_head_attention: there must be at least one head");
    const char* fn = "multi_head_attention";
    require_shapes(X_q.n_cols == W_q.n_rows, fn, "X_q must be as wide as W_q is tall (d_model)", {"X_q", X_q}, {"W_q", W_q});
    require_shapes(X_kv.n_cols == W_k.n_rows, fn, "X_kv must be as wide as W_k is tall (d_model)", {"X_kv", X_kv}, {"W_k", W_k});
    require_shapes(X_kv.n_cols == W_v.n_rows, fn, "X_kv must be as wide as W_v is tall (d_model)", {"X_kv", X_kv}, {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (h d_k)", {"W_q", W_q}, {"W_k", W_k});
    require_shapes(W_q.n_cols % heads == 0, fn, "the width must split evenly into the heads (d_model = h d_k)", {"W_q", W_q}, {"heads", 1, heads});
    require_shapes(W_v.n_cols % heads == 0, fn, "the width must split evenly into the heads (d_model = h d_v)", {"W_v", W_v}, {"heads", 1, heads});
    require_shapes(W_o.n_rows == W_v.n_cols, fn, "W_o must have one row per column of concat (h d_v)", {"concat", X_q.n_rows, W_v.n_cols}, {"W_o", W_o});
    const arma::mat Q = X_q * W_q, K = X_kv * W_k, V = X_kv * W_v;
    const auto Qs = split_heads(Q, heads), Ks = split_heads(K, heads), Vs = split_heads(V, heads);
    MultiHeadResult res;
    std::vector<arma::mat> outs;
    for (arma::uword i = 0; i < heads; ++i) {
        AttentionResult r = scaled_dot_product_attention(Qs[i], Ks[0], Vs[i], mask);
        res.weights.push_back(r.weights);
        outs.push_back(r.output);
    }
    res.concat = concat_heads(outs);
    res.output = res.concat * W_o;
    return res;
}

}  // namespace attn
