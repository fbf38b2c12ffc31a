// Wrong on purpose (suite only): the mistake shape_rule_not_checked in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    // the mistake: only the rows of A and dA are compared, not their columns
    require_shapes(A.n_rows == dA.n_rows, "softmax_rows_backward", "the gradient must have the shape of the weights",
                   {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double dot = 0;
        for (arma::uword j = 0; j < A.n_cols; ++j) dot += A(i, j) * dA(i, j);
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot);
    }
    return dS;
}

}  // namespace attn
