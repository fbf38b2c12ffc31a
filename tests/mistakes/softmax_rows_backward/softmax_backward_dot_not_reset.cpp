// Wrong on purpose (suite only): by loops, the dot product is declared once, outside the loop over rows.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    double dot = 0;  // the mistake: never set back to 0 for the next row
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        for (arma::uword j = 0; j < A.n_cols; ++j) dot += A(i, j) * dA(i, j);
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot);
    }
    return dS;
}

}  // namespace attn
