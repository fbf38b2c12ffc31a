// Wrong on purpose (suite only): X checked against W_k and W_v but not W_q, so Armadillo refuses X * W_q.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    require_shapes(X.n_cols == W_k.n_rows, fn, "X's width must equal W_k's rows (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_rows, fn, "X's width must equal W_v's rows (d_model)", {"X", X}, {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    // the mistake: no check of W_q's rows against X's width
    return scaled_dot_product_attention(X * W_q, X * W_k, X * W_v);
}

}  // namespace attn
