// Wrong on purpose (suite only): PE.submat(0, 0, L - 1, d - 1), which wraps round for an empty X.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)", {"X", X}, {"PE", PE});
    return X + PE.submat(0, 0, X.n_rows - 1, X.n_cols - 1);  // the mistake
}
}  // namespace attn
