// Wrong on purpose (suite only): the mistake jacobian_applied_to_the_weights in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat dS(A.n_rows, A.n_cols);
    for (arma::uword i = 0; i < A.n_rows; ++i) {
        const arma::rowvec a = A.row(i);
        const arma::mat J = arma::diagmat(a) - a.t() * a;  // (L_K, L_K), right
        dS.row(i) = a * J;                                   // the mistake: J applied to a, not to dA.row(i)
    }
    return dS;
}

}  // namespace attn
