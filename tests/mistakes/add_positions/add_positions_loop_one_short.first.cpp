// Wrong on purpose (suite only): the mistake add_positions_loop_one_short in add_positions.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    arma::mat out(X.n_rows, X.n_cols);
    for (arma::uword c = 0; c < X.n_cols; ++c) {
        if (X.n_rows > 0) out(0, c) = X(0, c);
        for (arma::uword p = 1; p < X.n_rows; ++p) out(p, c) = X(p, c) + PE(p, c);  // the mistake: from 1
    }
    return out;
}

}  // namespace attn
