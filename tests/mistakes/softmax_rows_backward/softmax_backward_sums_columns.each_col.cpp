// Wrong on purpose (suite only): the dot products are summed down the columns, sum(A % dA), and subtracted from each column.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "A and dA must have the same shape", {"A", A}, {"dA", dA});
    arma::vec dots = arma::sum(A % dA).t();
    arma::mat centred = dA.each_col() - dots;
    return A % centred;
}

}  // namespace attn
