// Right, written another way (suite only): the diagonal of Q K^T, and arma::var.
#include <string>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

arma::vec paired_dot_products(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_rows == K.n_rows && Q.n_cols == K.n_cols, "paired_dot_products", "Q and K must have the same shape",
                   {"Q", Q}, {"K", K});
    return arma::diagvec(Q * K.t());  // entry i of the diagonal is q_i . k_i
}

double sample_variance(const arma::vec& x) {
    if (x.n_elem <= 1) throw InputError("sample_variance: needs at least 2 values, got " + std::to_string(x.n_elem));
    return arma::var(x);  // norm_type 0: divides by n - 1
}

}  // namespace attn
