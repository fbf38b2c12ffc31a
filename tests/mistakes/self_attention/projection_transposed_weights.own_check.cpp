// Wrong on purpose (suite only): the mistake projection_transposed_weights in self_attention.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

// The weights read as d_out x d_model (PyTorch's Linear layout), the checks written to match.
AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    require_shapes(X.n_cols == W_q.n_cols, fn, "X's width must equal W_q's width (d_model)", {"X", X}, {"W_q", W_q});
    require_shapes(X.n_cols == W_k.n_cols, fn, "X's width must equal W_k's width (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_cols, fn, "X's width must equal W_v's width (d_model)", {"X", X}, {"W_v", W_v});
    require_shapes(W_q.n_rows == W_k.n_rows, fn, "W_q and W_k must give the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    return scaled_dot_product_attention(X * W_q.t(), X * W_k.t(), X * W_v.t());  // the mistake: X W^T
}

}  // namespace attn
