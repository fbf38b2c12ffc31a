// Wrong on purpose (suite only): the mistake softmax_backward_divided_by_weight_sum in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        double push = 0, budget = 0;
        for (arma::uword j = 0; j < A.n_cols; ++j) { push += A(i, j) * dA(i, j); budget += A(i, j); }
        const double avg = push / budget;  // the mistake: 0 / 0 on a row that sees no key
        for (arma::uword j = 0; j < A.n_cols; ++j) dS(i, j) = A(i, j) * (dA(i, j) - avg);
    }
    return dS;
}

}  // namespace attn
