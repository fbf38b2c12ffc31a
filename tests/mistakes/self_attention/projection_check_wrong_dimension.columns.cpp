// Wrong on purpose (suite only): the mistake projection_check_wrong_dimension in self_attention (X's width compared with W's columns).
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    for (const auto& [name, W] : {std::pair<const char*, const arma::mat*>{"W_q", &W_q}, {"W_k", &W_k}, {"W_v", &W_v}})
        require_shapes(X.n_cols == W->n_cols, fn, "X's width must equal the weights' width (d_model)",  // the mistake: W->n_rows
                       {"X", X}, {name, *W});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    return scaled_dot_product_attention(X * W_q, X * W_k, X * W_v);
}

}  // namespace attn
