// Wrong on purpose (suite only): the log-softmax (stable, as for a loss), where the weights belong.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::none);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const arma::rowvec s = S.row(i);
        const double m = s.max();
        if (std::isinf(m)) {
            A.row(i).zeros();
            continue;
        }
        // the mistake: log(e^(s - m) / sum) = s - m - log(sum), the log of each weight
        A.row(i) = s - m - std::log(arma::accu(arma::exp(s - m)));
    }
    return A;
}

}  // namespace attn
