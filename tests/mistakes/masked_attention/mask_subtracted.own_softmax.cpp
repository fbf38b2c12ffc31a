// Wrong on purpose (suite only): the mask subtracted from the scores, with a softmax of its own
// (NaN on each row where a key is hidden: its maximum is +infinity).
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"
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
    arma::mat E = arma::exp(S.each_col() - arma::max(S, 1));
    E.each_col() /= arma::sum(E, 1);
    return {E, E * V};
}

}  // namespace attn
