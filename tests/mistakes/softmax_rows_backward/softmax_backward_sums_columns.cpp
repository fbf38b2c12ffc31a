// Wrong on purpose (suite only): the dot products taken down the columns.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS = dA;
    dS.each_row() -= arma::sum(A % dA, 0);  // the mistake: dimension 0 sums each column
    return A % dS;
}

}  // namespace attn
