// Wrong on purpose (suite only): the divisor is worked out once, on the first call, and
// kept in a static: right for that call's d_k, wrong for every later one of another d_k.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;
    if (masked)
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    if (masked) require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    require_finite(fn, "Q", Q);
    require_finite(fn, "K", K);
    require_finite(fn, "V", V);

    static const double divisor = std::sqrt(static_cast<double>(K.n_cols));  // the mistake: set once
    arma::mat S = Q * K.t() / divisor;
    if (masked) S += mask;
    AttentionResult r;
    r.weights = softmax_rows(S);
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
