// Wrong on purpose (suite only): the mistake add_positions_pe_indices_swapped in add_positions.
#include <cmath>
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    arma::mat out = X;
    for (arma::uword c = 0; c < X.n_cols; ++c)
        for (arma::uword p = 0; p < X.n_rows; ++p) out(p, c) += PE(c, p);  // the mistake: PE(p, c)
    return out;
}
}  // namespace attn
