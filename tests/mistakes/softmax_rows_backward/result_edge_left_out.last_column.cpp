// Wrong on purpose (suite only): the mistake result_edge_left_out in softmax_rows_backward:
// the loop over the keys stops one short, so the last column of dS stays 0.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    const arma::vec dots = arma::sum(A % dA, 1);
    arma::mat dS(A.n_rows, A.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < A.n_rows; ++i)
        for (arma::uword j = 0; j < A.n_cols - 1; ++j)  // the mistake: j < n_cols - 1 leaves the last key out
            dS(i, j) = A(i, j) * (dA(i, j) - dots(i));
    return dS;
}

}  // namespace attn
