// Wrong on purpose (suite only): X added to a copy of X, so X is there twice.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    arma::mat out = X;
    out += X + PE.head_rows(X.n_rows);  // the mistake: out already holds X
    return out;
}

}  // namespace attn
