// Wrong on purpose (suite only): the mistake softmax_backward_masked_keep_gradient in softmax_rows_backward.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA) {
    require_shapes(A.n_rows == dA.n_rows && A.n_cols == dA.n_cols, "softmax_rows_backward",
                   "the gradient must have the shape of the weights", {"A", A}, {"dA", dA});
    arma::mat through = dA;
    through.each_col() -= arma::sum(A % dA, 1);
    through %= A;
    // the mistake: where the weight is 0 the gradient passes unchanged
    return arma::mat(arma::conv_to<arma::mat>::from(A == 0.0) % dA + arma::conv_to<arma::mat>::from(A != 0.0) % through);
}

}  // namespace attn
