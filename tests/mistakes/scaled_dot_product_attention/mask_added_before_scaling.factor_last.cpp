// Wrong on purpose (suite only): the mistake mask_added_before_scaling in scaled_dot_product_attention (the factor applied to the masked scores).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/05_scaling.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    check_attention_shapes(fn, Q, K, V);
    if ((mask.n_rows != 0 || mask.n_cols != 0)) {
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        require_finite(fn, "mask", mask, true);
    }
    require_nonempty(fn, "K", K);
    const arma::mat S = (mask.n_rows == 0 && mask.n_cols == 0) ? arma::mat(Q * K.t()) : arma::mat(Q * K.t() + mask);
    AttentionResult r;
    r.weights = softmax_rows(S * scale_factor(K.n_cols));  // the mistake: scale Q K^T first, then add the mask
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
