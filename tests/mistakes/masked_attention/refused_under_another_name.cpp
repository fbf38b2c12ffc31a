// Wrong on purpose (suite only): no check of its own: scaled_dot_product_attention refuses the bad shapes under its own name.
#include <cmath>
#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"
namespace attn {
AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    return scaled_dot_product_attention(Q, K, V, mask);  // the mistake: no check under this function's name
}
}  // namespace attn
