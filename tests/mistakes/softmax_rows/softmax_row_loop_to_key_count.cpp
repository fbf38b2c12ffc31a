// Wrong on purpose (suite only): the mistake softmax_row_loop_to_key_count in softmax_rows.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_cols && i < S.n_rows; ++i) {  // the mistake: S.n_cols, the keys
        const arma::rowvec s = S.row(i);
        const double m = s.max();
        if (std::isinf(m)) continue;
        const arma::rowvec e = arma::exp(s - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
