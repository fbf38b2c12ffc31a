// Wrong on purpose (suite only): each row shifted by its first score instead of its maximum.
#include <cmath>
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const arma::rowvec s = S.row(i);
        if (std::isinf(s.max())) {
            A.row(i).zeros();
            continue;
        }
        const arma::rowvec e = arma::exp(s - s(0));  // the mistake: s(0), not s.max()
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
