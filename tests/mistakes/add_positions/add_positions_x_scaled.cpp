// Wrong on purpose (suite only): the mistake add_positions_x_scaled in add_positions.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    return std::sqrt(static_cast<double>(X.n_cols)) * X + PE.head_rows(X.n_rows);  // the mistake: X, not scaled
}
}  // namespace attn
