// Wrong on purpose (suite only): no check at all: Armadillo refuses X * W_q first.
#include "contracts/07_cross_attention.hpp"
namespace attn {
AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    return scaled_dot_product_attention(X * W_q, X * W_k, X * W_v);  // the mistake: no check before the products
}
}  // namespace attn
