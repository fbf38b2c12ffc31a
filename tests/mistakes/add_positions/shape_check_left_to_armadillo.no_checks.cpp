// Wrong on purpose (suite only): no check at all: Armadillo refuses the shapes itself.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    return X + PE.head_rows(X.n_rows);  // the mistake: no check before the sum
}
}  // namespace attn
