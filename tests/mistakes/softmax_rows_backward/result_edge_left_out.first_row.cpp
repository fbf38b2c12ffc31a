// Wrong on purpose (suite only): the mistake result_edge_left_out in softmax_rows_backward:
// the loop over the rows starts at 1, so row 0 of dS stays 0.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(arma::size(A), arma::fill::zeros);
    for (arma::uword i = 1; i < A.n_rows; ++i) {  // the mistake: row 0 is never reached
        double dot = 0.0;
        for (arma::uword j = 0; j < A.n_cols; ++j) dot += A(i, j) * dA(i, j);
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - dot);
    }
    return dS;
}

}  // namespace attn
