// Wrong on purpose (suite only): each row divided by its total, with no exponential.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat A = S;
    A.each_col() /= arma::sum(S, 1);  // the mistake: no exp
    return A;
}

}  // namespace attn
