// Wrong on purpose (suite only): the mistake result_fields_swapped in masked_attention.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    const arma::mat S = (Q * K.t()) * (1.0 / std::sqrt(static_cast<double>(Q.n_cols)));  // (L_Q, L_K)
    AttentionResult r;
    const arma::mat A = masked_softmax(S, mask);
    r.output = A;        // the mistake: the weights stored as the output
    r.weights = A * V;   // ... and A V as the weights
    return r;
}

}  // namespace attn
