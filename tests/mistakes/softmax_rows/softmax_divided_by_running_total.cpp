// Wrong on purpose (suite only): the mistake softmax_divided_by_running_total in softmax_rows.
// Each exponential is divided by the total while the total is still being added up.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::none);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double m = S.row(i).max();
        if (std::isinf(m)) {
            A.row(i).zeros();
            continue;
        }
        double total = 0.0;
        for (arma::uword j = 0; j < S.n_cols; ++j) {
            const double e = std::exp(S(i, j) - m);
            total += e;
            A(i, j) = e / total;  // the mistake: total holds only keys 0..j so far
        }
    }
    return A;
}

}  // namespace attn
