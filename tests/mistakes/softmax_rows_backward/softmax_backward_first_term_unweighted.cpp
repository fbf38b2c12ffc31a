// Wrong on purpose (suite only): dS = dA - A % (A_i . dA_i): the weights left off dA's term.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    // Row i: dS_i = A_i % (dA_i - A_i . dA_i). The dot products of all rows at once:
    const arma::colvec along_row = arma::sum(A % dA, 1);  // (L_Q, 1)
    arma::mat dot = A;  // (L_Q, L_K)
    dot.each_col() %= along_row;
    const arma::mat dS = dA - dot;  // the mistake: A % dA - A % dot
    return dS;
}

}  // namespace attn
