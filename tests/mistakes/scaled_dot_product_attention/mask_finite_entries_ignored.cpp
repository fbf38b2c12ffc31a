// Wrong on purpose (suite only): only the mask's -infinity entries applied, its finite ones never added.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;  // 0x0 means "no mask"
    if (masked)
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    if (masked) require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, L_K)
    if (masked)  // the mistake: a key hidden or not, where the whole mask is added (S + mask)
        S.elem(arma::find(mask == -arma::datum::inf)).fill(-arma::datum::inf);
    AttentionResult r;
    r.weights = softmax_rows(S);  // (L_Q, L_K)
    r.output = r.weights * V;     // (L_Q, d_v)
    return r;
}

}  // namespace attn
