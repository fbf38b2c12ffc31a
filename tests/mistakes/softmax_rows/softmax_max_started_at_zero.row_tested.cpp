// Wrong on purpose (suite only): the mistake softmax_max_started_at_zero in softmax_rows.
// The shift starts at 0.0; a row of nothing but -inf is still caught by its own maximum.
#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const arma::rowvec s = S.row(i);
        if (s.max() == -arma::datum::inf) continue;
        const double m = std::max(0.0, s.max());  // the mistake: the shift never goes below 0
        const arma::rowvec e = arma::exp(s - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
