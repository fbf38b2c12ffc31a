// Wrong on purpose (suite only): the mistake softmax_backward_masked_keep_gradient in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS = dA;
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        const double dot = arma::dot(A.row(i), dA.row(i));
        for (arma::uword j = 0; j < A.n_cols; ++j) {
            if (A(i, j) == 0) continue;  // the mistake: a masked key keeps dA(i, j)
            dS(i, j) = A(i, j) * (dA(i, j) - dot);
        }
    }
    return dS;
}

}  // namespace attn
