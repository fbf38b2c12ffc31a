// Exercise softmax_rows (chapter 03): stable softmax along each row.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    // A query with no keys at all has no budget to share (unlike a fully masked
    // row, whose keys exist and get 0 each); say so instead of failing in max().
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::none);  // (L_Q, L_K), every row written below
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const arma::rowvec s = S.row(i);  // one query's scores (1, L_K)
        const double m = s.max();         // shift invariance: exp(s - m) cannot overflow
        if (std::isinf(m)) {
            // every key is masked: nothing to attend to, so no weight anywhere
            A.row(i).zeros();
            continue;
        }
        const arma::rowvec e = arma::exp(s - m);  // exp(-inf) is exactly 0
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
