// Wrong on purpose (suite only): the mistake shape_rule_not_checked in masked_softmax.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    // the mistake: a mask of one row let through for every query (broadcast)
    require_shapes(S.n_cols == mask.n_cols && (S.n_rows == mask.n_rows || mask.n_rows == 1), "masked_softmax",
                   "the mask must have the shape of the scores", {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    arma::mat hidden = S;
    if (mask.n_rows == 1 && S.n_rows != 1) hidden.each_row() += mask.row(0);
    else hidden += mask;
    return softmax_rows(hidden);
}

}  // namespace attn
