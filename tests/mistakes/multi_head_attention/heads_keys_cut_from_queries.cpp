// Wrong on purpose (suite only): the mistake heads_keys_cut_from_queries in multi_head_attention.
// The keys' slicing line was copied from the queries' and still cuts Q.
#include "contracts/02_qkv_projections.hpp"
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
    // every head's queries, keys and values side by side, then cut apart
    const std::vector<arma::mat> Q = split_heads(project(X_q, W_q), heads);   // h x (L_Q, d_k)
    const std::vector<arma::mat> K = split_heads(project(X_q, W_q), heads);  // h x (L_K, d_k)
    const std::vector<arma::mat> V = split_heads(project(X_kv, W_v), heads);  // h x (L_K, d_v)
    MultiHeadResult r;
    std::vector<arma::mat> outputs;
    r.weights.reserve(heads);
    outputs.reserve(heads);
    for (arma::uword i = 0; i < heads; ++i) {
        // chapter 06's primitive: each head divides by sqrt(its own d_k)
        AttentionResult head = scaled_dot_product_attention(Q[i], K[i], V[i], mask);
        r.weights.push_back(std::move(head.weights));  // (L_Q, L_K)
        outputs.push_back(std::move(head.output));     // (L_Q, d_v)
    }
    r.concat = concat_heads(outputs);  // (L_Q, h d_v)
    r.output = r.concat * W_o;         // (L_Q, d_model)
    return r;
}

}  // namespace attn
