// Wrong on purpose (suite only): the row's dot product subtracted after multiplying by A.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    const arma::colvec dots = arma::sum(A % dA, 1);  // (L_Q, 1)
    arma::mat dS = A % dA;
    dS.each_col() -= dots;  // the mistake: A % (dA - dot) is not A % dA - dot
    return dS;
}

}  // namespace attn
