// Wrong on purpose (suite only): dA outside the bracket and A inside it.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS = A;                          // the mistake: should start from dA
    dS.each_col() -= arma::sum(A % dA, 1);
    return dA % dS;                            // ... and be multiplied by A
}

}  // namespace attn
