// Wrong on purpose (suite only): the weights put through softmax_rows a second time before the product with V.
// Exercise scaled_dot_product_attention (chapter 06): softmax(Q K^T / sqrt(d_k) + mask) V,
// with the two forced shape rules and no others. The course's one attention primitive.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    // Only what the algebra and the meaning force: L_Q and d_v are free.
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;  // 0x0 means "no mask"
    if (masked)
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);  // no keys (or d_k = 0) leaves nothing to divide by or attend to
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    if (masked) require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    // NaN or infinity would surface later as "S has NaN", naming a matrix the caller never made
    require_finite(fn, "Q", Q);
    require_finite(fn, "K", K);
    require_finite(fn, "V", V);

    // pass 1: one score per (query, key) pair, shrunk so its spread does not grow with d_k
    arma::mat S = Q * K.t();                       // (L_Q, L_K)
    S /= std::sqrt(static_cast<double>(K.n_cols));  // in place: no second matrix
    // pass 2: the mask is ADDED to the scores (score + -inf = -inf), before the
    // softmax: forbidden keys then get exp(-inf) = 0, the others share the whole budget
    if (masked) S += mask;  // (L_Q, L_K)
    // pass 3: each query's row becomes a budget that sums to 1 over the keys
    // (a fully masked row comes back as zeros)
    AttentionResult r;
    r.weights = softmax_rows(S);  // (L_Q, L_K)
    // make sure every row is a proper distribution before using it
    r.weights = softmax_rows(r.weights);  // the mistake: the weights already had their softmax
    // pass 4: spend the budget on the values
    r.output = r.weights * V;  // (L_Q, d_v)
    return r;
}

}  // namespace attn
