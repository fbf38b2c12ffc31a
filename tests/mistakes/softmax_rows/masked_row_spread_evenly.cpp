// Wrong on purpose (suite only): a row of nothing but -inf gets 1 / L_K everywhere.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat A(arma::size(S));
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (m == -arma::datum::inf) {
            A.row(i).fill(1.0 / S.n_cols);  // the mistake: nothing visible should mean zeros
            continue;
        }
        const arma::rowvec e = arma::exp(S.row(i) - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
