// Wrong on purpose (suite only): the mistake masked_row_tested_on_one_key in softmax_rows.
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
        if (s(0) == -arma::datum::inf) continue;  // the mistake: only key 0 looked at
        const arma::rowvec e = arma::exp(s - s.max());
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
