// Wrong on purpose (suite only): the mistake softmax_max_started_at_zero in softmax_rows (a total of 0 taken for a hidden row).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_rows > 0 && S.n_cols == 0) throw InputError("softmax_rows: each row needs a key; got S " + shape_of(S));
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = 0.0;  // the mistake: the maximum starts at 0
        for (arma::uword j = 0; j < S.n_cols; ++j) m = std::max(m, S(i, j));
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += (A(i, j) = std::exp(S(i, j) - m));
        if (total == 0) continue;  // taken for a row with nothing visible
        A.row(i) /= total;
    }
    return A;
}

}  // namespace attn
