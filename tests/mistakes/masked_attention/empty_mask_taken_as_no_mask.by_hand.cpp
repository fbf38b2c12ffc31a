// Wrong on purpose (suite only): the mistake empty_mask_taken_as_no_mask in masked_attention (the shape error thrown by hand, only for a mask with entries).
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const std::string fn = "masked_attention";
    check_attention_shapes(fn.c_str(), Q, K, V);
    // the mistake: mask.n_elem > 0 lets an empty mask through
    if (mask.n_elem > 0 && (mask.n_rows != Q.n_rows || mask.n_cols != K.n_rows))
        throw ShapeError(fn + ": " + kRuleMaskShape + "; got mask " + shape_of(mask) + " and scores " +
                         std::to_string(Q.n_rows) + "x" + std::to_string(K.n_rows));
    require_finite(fn.c_str(), "mask", mask, true);
    return scaled_dot_product_attention(Q, K, V, mask);
}

}  // namespace attn
