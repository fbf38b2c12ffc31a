// Wrong on purpose (suite only): the result started as a copy of PE, X added to its first rows.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)", {"X", X}, {"PE", PE});
    arma::mat out = PE;  // the mistake
    for (arma::uword i = 0; i < X.n_rows; ++i)
        for (arma::uword j = 0; j < X.n_cols; ++j) out(i, j) += X(i, j);
    return out;
}

}  // namespace attn
