// Right, written another way (suite only): the shape read off a product of matrices of those shapes.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    const arma::mat P = arma::mat(x.rows, x.cols, arma::fill::zeros) * arma::mat(w.rows, w.cols, arma::fill::zeros);
    return {P.n_rows, P.n_cols};
}

}  // namespace attn
