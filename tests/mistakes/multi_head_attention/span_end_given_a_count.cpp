// Wrong on purpose (suite only): the mistake span_end_given_a_count in multi_head_attention.
// Each head's block taken as Q.cols(i * d_k, d_k): a width where Armadillo wants the last index.
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
    const arma::mat Qa = project(X_q, W_q), Ka = project(X_kv, W_k), Va = project(X_kv, W_v);
    const arma::uword d_k = W_q.n_cols / heads, d_v = W_v.n_cols / heads;
    std::vector<arma::mat> Q, K, V;
    for (arma::uword i = 0; i < heads; ++i) {
        Q.push_back(Qa.cols(i * d_k, d_k));
        K.push_back(Ka.cols(i * d_k, d_k));
        V.push_back(Va.cols(i * d_v, d_v));
    }
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
