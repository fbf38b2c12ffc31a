// Wrong on purpose (suite only): the mistake softmax_returns_at_hidden_row in softmax_rows.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_rows > 0 && S.n_cols == 0) throw InputError("softmax_rows: each row needs a key; got S " + shape_of(S));
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.row(i).max();
        if (top == -arma::datum::inf) return A;  // the mistake: continue belongs here
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += (A(i, j) = std::exp(S(i, j) - top));
        A.row(i) /= total;
    }
    return A;
}

}  // namespace attn
