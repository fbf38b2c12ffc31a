// Wrong on purpose (suite only): the mistake mask_error_names_scores_transposed in masked_attention.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    // Checked here, under this function's name: the caller asked for masked attention.
    check_attention_shapes(fn, Q, K, V);
    // An empty mask would mean "no mask" to the primitive; here it is a mistake.
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", K.n_rows, Q.n_rows});  // the mistake: the scores are L_Q x L_K
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    // The wiring: the mask goes into the one attention function, which adds it
    // to the scaled scores before the softmax.
    return scaled_dot_product_attention(Q, K, V, mask);  // weights (L_Q, L_K), output (L_Q, d_v)
}

}  // namespace attn
