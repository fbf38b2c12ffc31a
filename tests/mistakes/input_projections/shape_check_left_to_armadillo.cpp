// Wrong on purpose (suite only): no shape check: the product fails first.
#include "core/errors.hpp"
#include "contracts/01_rnn_loop.hpp"

namespace attn {

arma::mat input_projections(const arma::mat& X, const arma::mat& U) {
    return X * U.t();  // the mistake: no require_shapes before the product
}

}  // namespace attn
