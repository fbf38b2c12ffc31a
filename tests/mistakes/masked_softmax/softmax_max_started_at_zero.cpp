// Wrong on purpose (suite only): the mistake softmax_max_started_at_zero in masked_softmax.
// A softmax of its own, whose row maximum starts at 0.0.
#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat masked_softmax(const arma::mat& S, const arma::mat& mask) {
    require_shapes(arma::size(S) == arma::size(mask), "masked_softmax", "the mask must have the shape of the scores",
                   {"S", S}, {"mask", mask});
    require_finite("masked_softmax", "S", S, /*allow_minus_inf=*/true);
    require_finite("masked_softmax", "mask", mask, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("masked_softmax", "S", S);
    const arma::mat T = S + mask;
    arma::mat A(T.n_rows, T.n_cols, arma::fill::none);
    for (arma::uword i = 0; i < T.n_rows; ++i) {
        double m = 0.0;  // the mistake: should start at T(i, 0)
        for (arma::uword j = 0; j < T.n_cols; ++j) m = std::max(m, T(i, j));
        if (m == -arma::datum::inf) {
            A.row(i).zeros();
            continue;
        }
        const arma::rowvec e = arma::exp(T.row(i) - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
