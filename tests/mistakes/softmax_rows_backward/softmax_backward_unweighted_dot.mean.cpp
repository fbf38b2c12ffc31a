// Wrong on purpose (suite only): by loops, each row subtracts the mean of its dA.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        const double average = arma::mean(dA.row(i));  // the mistake: the weights belong in this average
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - average);
    }
    return dS;
}

}  // namespace attn
