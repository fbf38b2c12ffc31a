// Wrong on purpose (suite only): the mistake mask_error_names_scores_transposed in masked_attention (the message written by hand).
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const std::string fn = "masked_attention";
    check_attention_shapes(fn.c_str(), Q, K, V);
    if (mask.n_rows != Q.n_rows || mask.n_cols != K.n_rows)  // the mistake: the scores are Q.n_rows x K.n_rows
        throw ShapeError(fn + ": " + kRuleMaskShape + "; got mask " + shape_of(mask) + " and scores " +
                         std::to_string(K.n_rows) + "x" + std::to_string(Q.n_rows));
    require_finite(fn.c_str(), "mask", mask, true);
    return scaled_dot_product_attention(Q, K, V, mask);
}

}  // namespace attn
