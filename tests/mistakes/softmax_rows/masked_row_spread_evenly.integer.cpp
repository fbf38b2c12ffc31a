// Wrong on purpose (suite only): a row of nothing but -inf gets 1 / S.n_cols in integers (1 for a single key).
#include <cmath>
#include <limits>
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (std::isinf(m)) { A.row(i).fill(1 / S.n_cols); continue; }  // the mistake
        const arma::rowvec e = arma::exp(S.row(i) - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
