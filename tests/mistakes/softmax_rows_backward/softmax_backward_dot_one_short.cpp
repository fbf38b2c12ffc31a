// Wrong on purpose (suite only): the mistake softmax_backward_dot_one_short in softmax_rows_backward.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {
arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward", "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(arma::size(A));
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double dot = 0;
        for (arma::uword k = 0; k + 1 < A.n_cols; ++k) dot += A(i, k) * dA(i, k);
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot);
    }
    return dS;
}
}  // namespace attn
