// Wrong on purpose (suite only): the masked scores exponentiated without the shift by each row's maximum.
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
    arma::mat E = arma::exp(Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) + mask);  // the mistake: no shift
    const arma::colvec total = arma::sum(E, 1);
    for (arma::uword i = 0; i < E.n_rows; ++i)
        if (total(i) > 0) E.row(i) /= total(i);
    return {E, E * V};
}

}  // namespace attn
