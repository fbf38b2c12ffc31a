// Wrong on purpose (suite only): the mistake softmax_backward_dot_unfinished in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "dA must have the shape of A", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double dot = 0;
        for (arma::uword j = 0; j < A.n_cols; ++j) {
            dot += A(i, j) * dA(i, j);  // the mistake: the sum is used before it holds every key
            dS(i, j) = A(i, j) * (dA(i, j) - dot);
        }
    }
    return dS;
}

}  // namespace attn
