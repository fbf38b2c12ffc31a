// Wrong on purpose (suite only): only the widths of A and dA compared, so a dA of another height reaches Armadillo.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_cols == dA.n_cols,  // the mistake: the heights never compared
                   "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    // no entries (no queries or no keys): nothing to compute, and a matrix of no entries is
    // best not walked column by column (Armadillo's view of it binds a null pointer)
    if (A.n_elem == 0) return arma::mat(A.n_rows, A.n_cols);
    // Row i: dS_i = A_i % (dA_i - A_i . dA_i). The dot products of all rows at once:
    const arma::colvec along_row = arma::sum(A % dA, 1);  // (L_Q, 1)
    arma::mat dS = dA;                                      // (L_Q, L_K)
    dS.each_col() -= along_row;
    dS %= A;  // zero wherever A is zero (masked keys)
    return dS;
}

}  // namespace attn
