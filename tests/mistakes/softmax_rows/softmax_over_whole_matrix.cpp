// Wrong on purpose (suite only): one total for the whole matrix instead of one per row.
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    const arma::mat E = arma::exp(S - S.max());
    return E / arma::accu(E);  // the mistake
}

}  // namespace attn
