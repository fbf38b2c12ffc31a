// Wrong on purpose (suite only): two slips at once, the mask subtracted and a softmax without the
// shift by the row's maximum: exp(+infinity) / (a sum that is +infinity) is NaN where a key is
// hidden, which no one slip gives; only the result holding NaN is said.
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));
    S -= mask;  // the mistake: the mask is added
    arma::mat E = arma::exp(S);  // and the row's maximum never subtracted
    E.each_col() /= arma::sum(E, 1);
    return {E, E * V};
}

}  // namespace attn
