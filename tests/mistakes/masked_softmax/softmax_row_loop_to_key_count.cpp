// Wrong on purpose (suite only): the mistake softmax_row_loop_to_key_count in masked_softmax.
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
    arma::mat A(T.n_rows, T.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < std::min(T.n_rows, T.n_cols); ++i) {  // the mistake: the keys bound the queries
        const double m = T.row(i).max();
        if (m == -arma::datum::inf) continue;
        const arma::rowvec e = arma::exp(T.row(i) - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
