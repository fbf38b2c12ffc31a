// Wrong on purpose (suite only): W_q and W_k of different widths left for scaled_dot_product_attention to refuse.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
namespace attn {
AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    require_shapes(X.n_cols == W_q.n_rows, "self_attention", "X's width must equal W_q's rows (d_model)", {"X", X}, {"W_q", W_q});
    require_shapes(X.n_cols == W_k.n_rows, "self_attention", "X's width must equal W_k's rows (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_rows, "self_attention", "X's width must equal W_v's rows (d_model)", {"X", X}, {"W_v", W_v});
    return scaled_dot_product_attention(X * W_q, X * W_k, X * W_v);  // the mistake: no check that W_q and W_k have the same width
}
}  // namespace attn
