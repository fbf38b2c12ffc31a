// Wrong on purpose (suite only): the weights put through softmax_rows again before use.
#include "contracts/03_softmax.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    // Row i: dS_i = A_i % (dA_i - A_i . dA_i). The dot products of all rows at once:
    const arma::mat P = softmax_rows(A);  // the mistake: A already is softmax_rows(S)
    const arma::colvec along_row = arma::sum(P % dA, 1);
    arma::mat dS = dA;  // (L_Q, L_K)
    dS.each_col() -= along_row;
    dS %= P;
    return dS;
}

}  // namespace attn
