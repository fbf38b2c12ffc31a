// Right, written another way (suite only): whole-matrix Armadillo, log-sum-exp, and a fix-up of empty rows.
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows(const arma::mat& S) {
    require_finite("softmax_rows", "S", S, /*allow_minus_inf=*/true);
    if (S.n_cols == 0 && S.n_rows > 0) require_nonempty("softmax_rows", "S", S);
    arma::colvec m = arma::max(S, 1);
    const arma::uvec empty = arma::find(m == -arma::datum::inf);
    m.elem(empty).zeros();
    arma::mat shifted = S.each_col() - m;
    const arma::colvec lse = arma::log(arma::sum(arma::exp(shifted), 1));
    arma::mat A = arma::exp(shifted.each_col() - lse);
    A.rows(empty).zeros();
    return A;
}

}  // namespace attn
