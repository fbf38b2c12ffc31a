// Wrong on purpose (suite only): the mistake shape_check_left_to_armadillo in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    // the mistake: the heights are checked, the widths left to Armadillo's A % dA
    require_shapes(A.n_rows == dA.n_rows, "softmax_rows_backward", "dA needs one row per row of A", {"A", A},
                   {"dA", dA});
    const arma::mat AdA = A % dA;
    arma::mat dS = AdA;
    dS -= A.each_col() % arma::sum(AdA, 1);
    return dS;
}

}  // namespace attn
