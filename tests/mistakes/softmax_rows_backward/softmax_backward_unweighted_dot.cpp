// Wrong on purpose (suite only): each row subtracts the plain sum of its dA, not the dot product with A.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS = dA;                    // (L_Q, L_K)
    dS.each_col() -= arma::sum(dA, 1);    // the mistake: sum(dA, 1), not sum(A % dA, 1)
    return A % dS;
}

}  // namespace attn
