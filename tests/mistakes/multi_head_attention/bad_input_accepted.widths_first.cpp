// Wrong on purpose (suite only): the mistake bad_input_accepted in multi_head_attention (each head's widths computed before any check, slices by hand).
#include "contracts/06_shape_rules.hpp"
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

MultiHeadResult multi_head_attention(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                     const arma::mat& W_k, const arma::mat& W_v, const arma::mat& W_o,
                                     arma::uword heads, const arma::mat& mask) {
    const char* fn = "multi_head_attention";
    const arma::uword d_k = W_q.n_cols / heads, d_v = W_v.n_cols / heads;  // the mistake: heads = 0 refused first
    require_shapes(X_q.n_cols == W_q.n_rows, fn, "X_q must be as wide as W_q is tall (d_model)", {"X_q", X_q}, {"W_q", W_q});
    require_shapes(X_kv.n_cols == W_k.n_rows, fn, "X_kv must be as wide as W_k is tall (d_model)", {"X_kv", X_kv},
                   {"W_k", W_k});
    require_shapes(X_kv.n_cols == W_v.n_rows, fn, "X_kv must be as wide as W_v is tall (d_model)", {"X_kv", X_kv},
                   {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must give queries and keys of one width (h d_k)",
                   {"W_q", W_q}, {"W_k", W_k});
    require_shapes(d_k * heads == W_q.n_cols, fn, "the query width must split evenly into the heads (h d_k)",
                   {"W_q", W_q}, {"heads", 1, heads});
    require_shapes(d_v * heads == W_v.n_cols, fn, "the value width must split evenly into the heads (h d_v)",
                   {"W_v", W_v}, {"heads", 1, heads});
    require_shapes(W_o.n_rows == W_v.n_cols, fn, "W_o needs one row per column of the heads' outputs (h d_v)",
                   {"W_o", W_o}, {"W_v", W_v});
    const arma::mat Q = X_q * W_q, K = X_kv * W_k, V = X_kv * W_v;
    MultiHeadResult r;
    r.concat.set_size(X_q.n_rows, heads * d_v);
    for (arma::uword i = 0; i < heads; ++i) {
        AttentionResult head = scaled_dot_product_attention(Q.cols(i * d_k, (i + 1) * d_k - 1),
                                                            K.cols(i * d_k, (i + 1) * d_k - 1),
                                                            V.cols(i * d_v, (i + 1) * d_v - 1), mask);
        r.weights.push_back(head.weights);
        r.concat.cols(i * d_v, (i + 1) * d_v - 1) = head.output;
    }
    r.output = r.concat * W_o;
    return r;
}

}  // namespace attn
