// Wrong on purpose (suite only): the mistake keys_and_values_swapped in self_attention.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    require_shapes(X.n_cols == W_q.n_rows, fn, "X's width must equal W_q's rows (d_model)", {"X", X}, {"W_q", W_q});
    require_shapes(X.n_cols == W_k.n_rows, fn, "X's width must equal W_k's rows (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_rows, fn, "X's width must equal W_v's rows (d_model)", {"X", X}, {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    const arma::mat Q = X * W_q, K = X * W_k, V = X * W_v;
    return scaled_dot_product_attention(Q, V, K);  // the mistake: V in the keys' place, K in the values'
}

}  // namespace attn
