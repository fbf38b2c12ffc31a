// Wrong on purpose (suite only): stable exponentials, never divided by their total.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat E(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (std::isinf(m)) continue;
        E.row(i) = arma::exp(S.row(i) - m);  // the mistake: the division by the row's sum is missing
    }
    return E;
}

}  // namespace attn
