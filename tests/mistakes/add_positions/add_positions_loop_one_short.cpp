// Wrong on purpose (suite only): the mistake add_positions_loop_one_short in add_positions.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    arma::mat out = X;
    for (arma::uword p = 0; p + 1 < X.n_rows; ++p) out.row(p) += PE.row(p);  // the mistake: the last row skipped
    return out;
}

}  // namespace attn
