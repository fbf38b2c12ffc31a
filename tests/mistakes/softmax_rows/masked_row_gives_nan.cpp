// Wrong on purpose (suite only): no rule for a row of -infinity.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    // A query with no keys at all has no budget to share (unlike a fully masked
    // row, whose keys exist and get 0 each); say so instead of failing in max().
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols);  // (L_Q, L_K)
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();  // shift invariance: exp(s - m) cannot overflow
        // the mistake: no rule for a row of -inf, which becomes -inf - (-inf) = NaN
        const arma::rowvec e = arma::exp(S.row(i) - m);  // exp(-inf) is exactly 0
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
