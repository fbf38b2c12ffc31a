// Wrong on purpose (suite only): the mistake bad_input_accepted in softmax_rows.
// Rows with no keys (L_Q x 0) come back as an empty L_Q x 0 matrix instead of an InputError.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    arma::mat A(S.n_rows, S.n_cols);
    if (S.n_cols == 0) return A;  // the mistake: a row with no keys is refused, not returned empty
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        arma::rowvec s = S.row(i);
        double m = s.max();
        if (std::isinf(m)) { A.row(i).zeros(); continue; }
        arma::rowvec e = arma::exp(s - m);
        A.row(i) = e / arma::accu(e);
    }
    return A;
}

}  // namespace attn
