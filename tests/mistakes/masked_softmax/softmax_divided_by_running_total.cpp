// Wrong on purpose (suite only): the mistake softmax_divided_by_running_total in masked_softmax.
// A softmax of its own that divides each entry before the row's total is complete.
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
    arma::mat A(T.n_rows, T.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < T.n_rows; ++i) {
        const double m = T.row(i).max();
        if (m == -arma::datum::inf) continue;
        double total = 0.0;
        for (arma::uword j = 0; j < T.n_cols; ++j) {
            const double e = std::exp(T(i, j) - m);
            total += e;
            A(i, j) = e / total;  // the mistake: divided before the total is complete
        }
    }
    return A;
}

}  // namespace attn
