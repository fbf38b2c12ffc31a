// Wrong on purpose (suite only): the mistake masked_row_tested_on_one_key in softmax_rows.
#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        bool hidden = false;
        for (arma::uword j = 0; j < S.n_cols; ++j)
            if (std::isinf(S(i, j))) hidden = true;  // the mistake: one hidden key taken for the whole row
        if (hidden) continue;
        double mx = S(i, 0), total = 0;
        for (arma::uword j = 1; j < S.n_cols; ++j) mx = std::max(mx, S(i, j));
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) - mx);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j) - mx) / total;
    }
    return A;
}

}  // namespace attn
