// Wrong on purpose (suite only): the mistake jacobian_applied_to_the_weights in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS = A;
    dS.each_col() -= arma::sum(A % A, 1);  // the mistake: A . A where A . dA belongs
    return A % dS;
}

}  // namespace attn
