// Wrong on purpose (suite only): position 0's code added to every token.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    if (X.n_rows == 0) return X;
    return X + arma::repmat(PE.row(0), X.n_rows, 1);  // the mistake: PE.row(t) for token t
}

}  // namespace attn
