// Wrong on purpose (suite only): each row shifted by its minimum instead of its maximum.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        if (S.row(i).max() == -arma::datum::inf) continue;
        const arma::rowvec e = arma::exp(S.row(i) - S.row(i).min());  // the mistake: min, not max
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
