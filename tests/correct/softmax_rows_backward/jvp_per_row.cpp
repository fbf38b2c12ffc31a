// Right, written another way (suite only): chapter 03's softmax_jvp on each row.
#include "contracts/03_softmax.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(arma::size(A));
    for (arma::uword i = 0; i < A.n_rows; ++i) dS.row(i) = softmax_jvp(A.row(i), dA.row(i));
    return dS;
}

}  // namespace attn
