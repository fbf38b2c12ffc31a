// Wrong on purpose (suite only): one total for the whole matrix instead of one per row.
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    const arma::mat E = arma::exp(S - S.max());
    return E / arma::accu(E);  // the mistake
}

}  // namespace attn
