// Wrong on purpose (suite only): one shift for the whole matrix, its largest entry.
// Right in exact arithmetic; on rows far below that maximum exp underflows to 0 and the row is 0/0.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    const arma::mat E = arma::exp(S - S.max());  // the mistake: S.max() instead of arma::max(S, 1) per row
    return E.each_col() / arma::sum(E, 1);
}

}  // namespace attn
