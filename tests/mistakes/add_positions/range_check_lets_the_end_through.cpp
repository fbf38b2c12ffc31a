// Wrong on purpose (suite only): the mistake range_check_lets_the_end_through in add_positions (the last position compared with <= PE.n_rows).
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    if (X.n_rows == 0) return X;
    // the last position X.n_rows - 1 must be a row of PE
    require_shapes(X.n_rows - 1 <= PE.n_rows, "add_positions",  // the mistake: a row of PE is < PE.n_rows
                   "PE needs a row for every position of X (L_max >= L)", {"X", X}, {"PE", PE});
    return X + PE.head_rows(X.n_rows);  // (L, d_model)
}

}  // namespace attn
