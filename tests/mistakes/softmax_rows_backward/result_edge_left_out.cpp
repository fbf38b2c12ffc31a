// Wrong on purpose (suite only): the mistake result_edge_left_out in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i + 1 < A.n_rows; ++i) {  // the mistake: i + 1 < n stops one short
        const double dot = arma::dot(A.row(i), dA.row(i));
        dS.row(i) = A.row(i) % (dA.row(i) - dot);
    }
    return dS;
}

}  // namespace attn
