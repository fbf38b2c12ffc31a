// Wrong on purpose (suite only): stable exponentials, divided by each row's 2-norm (arma::normalise's default p).
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (std::isinf(m)) continue;
        A.row(i) = arma::normalise(arma::exp(S.row(i) - m), 2);  // the mistake: p = 2, not the sum
    }
    return A;
}

}  // namespace attn
