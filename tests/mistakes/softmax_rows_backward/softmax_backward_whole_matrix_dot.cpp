// Wrong on purpose (suite only): one dot product of the whole matrices, arma::dot(A, dA), subtracted from every row.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    // Row i: dS_i = A_i % (dA_i - A_i . dA_i). The dot products of all rows at once:
    const double along_row = arma::dot(A, dA);  // the mistake: one number for the whole matrix
    arma::mat dS = dA;                                      // (L_Q, L_K)
    dS -= along_row;
    return A % dS;  // zero wherever A is zero (masked keys)
}

}  // namespace attn
