// Wrong on purpose (suite only): arma::sum(E) sums each column, so each column sums to 1.
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    const arma::mat E = arma::exp(S.each_row() - arma::max(S, 0));
    return E.each_row() / arma::sum(E);  // the mistake: sum(E) is per column
}

}  // namespace attn
