// Wrong on purpose (suite only): exp straight away; exp(1000) overflows to inf, inf/inf is NaN.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    const arma::mat E = arma::exp(S);  // the mistake
    return E.each_col() / arma::sum(E, 1);
}

}  // namespace attn
