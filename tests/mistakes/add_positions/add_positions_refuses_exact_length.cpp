// Wrong on purpose (suite only): the length rule written with >, so a table exactly as long as X is refused.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows > X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",  // the mistake: >=
                   {"X", X}, {"PE", PE});
    arma::mat out = X;  // (L, d_model)
    for (arma::uword p = 0; p < X.n_rows; ++p) out.row(p) += PE.row(p);
    return out;
}

}  // namespace attn
