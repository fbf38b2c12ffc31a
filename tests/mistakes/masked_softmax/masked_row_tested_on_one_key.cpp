// Wrong on purpose (suite only): the mistake masked_row_tested_on_one_key in masked_softmax.
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
        if (mask(i, 0) == -arma::datum::inf) continue;  // the mistake: only key 0 looked at
        const arma::rowvec e = arma::exp(T.row(i) - T.row(i).max());
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
