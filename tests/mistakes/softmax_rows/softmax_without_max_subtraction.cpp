// Wrong on purpose (suite only): exp straight away; exp(1000) overflows to inf, inf/inf is NaN.
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    const arma::mat E = arma::exp(S);  // the mistake
    return E.each_col() / arma::sum(E, 1);
}

}  // namespace attn
