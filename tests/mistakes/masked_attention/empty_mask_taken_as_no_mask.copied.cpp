// Wrong on purpose (suite only): the mistake empty_mask_taken_as_no_mask in masked_attention (scaled_dot_product_attention's check copied).
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;  // the mistake: here 0x0 is a mask of the wrong shape
    if (masked) {
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        require_finite(fn, "mask", mask, true);
    }
    return scaled_dot_product_attention(Q, K, V, mask);
}

}  // namespace attn
