// Wrong on purpose (suite only): NaN and +infinity are not refused.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    // the mistake: no check of the values
    // A query with no keys at all has no budget to share (unlike a fully masked
    // row, whose keys exist and get 0 each); say so instead of failing in max().
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols);  // (L_Q, L_K)
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();  // shift invariance: exp(s - m) cannot overflow
        if (std::isinf(m)) {
            // every key is masked: nothing to attend to, so no weight anywhere
            A.row(i).zeros();
            continue;
        }
        const arma::rowvec e = arma::exp(S.row(i) - m);  // exp(-inf) is exactly 0
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
