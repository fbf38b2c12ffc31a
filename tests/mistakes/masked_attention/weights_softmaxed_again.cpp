// Wrong on purpose (suite only): the weights of the primitive put through softmax_rows again, the output made anew from them.
// Exercise masked_attention (chapter 07): the primitive, with a mask that must be there.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    // Checked here, under this function's name: the caller asked for masked attention.
    check_attention_shapes(fn, Q, K, V);
    // An empty mask would mean "no mask" to the primitive; here it is a mistake.
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    // The wiring: the mask goes into the one attention function, which adds it
    // to the scaled scores before the softmax.
    AttentionResult r = scaled_dot_product_attention(Q, K, V, mask);
    r.weights = softmax_rows(r.weights);  // the mistake: the weights already had their softmax
    r.output = r.weights * V;             // (L_Q, d_v)
    return r;
}

}  // namespace attn
