// Wrong on purpose (suite only): the mistake shape_rule_not_checked in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    // the mistake: dA is only asked to have enough rows and columns for the loops below, so a wider dA passes
    require_shapes(dA.n_rows == A.n_rows && dA.n_cols >= A.n_cols, "softmax_rows_backward",
                   "dA needs an entry for every entry of A", {"A", A}, {"dA", dA});
    arma::mat dS(arma::size(A));
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double dot = 0;
        for (arma::uword j = 0; j < A.n_cols; ++j) dot += A(i, j) * dA(i, j);
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * dA(i, j) - A(i, j) * dot;
    }
    return dS;
}

}  // namespace attn
