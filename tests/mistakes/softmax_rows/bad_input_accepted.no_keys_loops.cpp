// Wrong on purpose (suite only): the mistake bad_input_accepted in softmax_rows.
// By loops: with no keys every loop over j runs zero times, and L_Q x 0 goes back unrefused.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    // the mistake: no check that each row has at least one key (L_Q x 0 must throw InputError)
    arma::mat A(S.n_rows, S.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = -INFINITY;
        for (arma::uword j = 0; j < S.n_cols; ++j) m = std::max(m, S(i, j));
        if (m == -INFINITY) continue;  // every key hidden: a row of zeros
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) - m);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j) - m) / total;
    }
    return A;
}

}  // namespace attn
