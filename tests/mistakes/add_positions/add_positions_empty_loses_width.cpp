// Wrong on purpose (suite only): an empty X given back as an empty 0x0 matrix.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    if (X.is_empty()) return arma::mat();  // the mistake: 0x0, not X's 0 x d_model
    return X + PE.rows(0, X.n_rows - 1);
}

}  // namespace attn
