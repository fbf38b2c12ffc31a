// Wrong on purpose (suite only): the mistake softmax_backward_dot_one_short in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double dot = 0;
        for (arma::uword j = 0; j + 1 < A.n_cols; ++j) dot += A(i, j) * dA(i, j);
        for (arma::uword j = 0; j + 1 < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot);  // the mistake: both loops stop one key short
    }
    return dS;
}

}  // namespace attn
