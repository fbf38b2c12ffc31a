// Wrong on purpose (suite only): the mistake product_read_wrong_leading_dimension in add_positions (PE read with X's row count as its step).
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"X", X}, {"PE", PE});
    arma::mat out = X;
    const double* pe = PE.memptr();
    for (arma::uword c = 0; c < X.n_cols; ++c)
        for (arma::uword r = 0; r < X.n_rows; ++r) out(r, c) += pe[c * X.n_rows + r];  // the mistake: c * PE.n_rows + r
    return out;
}

}  // namespace attn
