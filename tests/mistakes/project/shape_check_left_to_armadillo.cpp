// Wrong on purpose (suite only): no shape check before the product.
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project(const arma::mat& X, const arma::mat& W) {
    // the mistake: no shape check
    // Row i of the product is x_i W: the same matrix for every token, so a
    // token's projection depends on its own row only, never on its position.
    return X * W;  // (L, d_out)
}

}  // namespace attn
