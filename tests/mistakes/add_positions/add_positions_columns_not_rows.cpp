// Wrong on purpose (suite only): the first L columns of PE taken instead of its first L rows.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    if (X.n_rows == 0) return X;
    const arma::mat codes = PE.cols(0, X.n_rows - 1);  // the mistake: one code per token is a ROW of PE
    return X + codes;
}

}  // namespace attn
