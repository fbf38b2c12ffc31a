// Wrong on purpose (suite only): the row maximum read again after entries were overwritten.
#include <cmath>
#include <limits>
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A = S;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        if (A.row(i).max() == -std::numeric_limits<double>::infinity()) { A.row(i).zeros(); continue; }
        for (arma::uword j = 0; j < A.n_cols; ++j) A(i, j) = std::exp(A(i, j) - A.row(i).max());  // the mistake
        A.row(i) /= arma::accu(A.row(i));
    }
    return A;
}

}  // namespace attn
