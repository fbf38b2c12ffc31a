// Wrong on purpose (suite only): the slip named shape_check_left_to_armadillo (tests/catalogue/).
// Exercise add_positions (chapter 08): each embedding plus its position's code.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    if (X.n_rows == 0) return X;
    return X + PE.rows(0, X.n_rows - 1);  // (L, d_model)
}

}  // namespace attn
