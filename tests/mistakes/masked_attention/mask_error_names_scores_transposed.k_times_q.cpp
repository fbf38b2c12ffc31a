// Wrong on purpose (suite only): the mistake mask_error_names_scores_transposed in masked_attention (the scores' shape taken from K Q^T).
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    const arma::mat scores = K * Q.t();  // the mistake: Q K^T, L_Q x L_K
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", scores});
    require_finite(fn, "mask", mask, true);
    return scaled_dot_product_attention(Q, K, V, mask);
}

}  // namespace attn
