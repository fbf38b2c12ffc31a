// Right, written another way (suite only): PE.rows(0, L - 1) behind a guard for an empty X, the sum in place.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    if (X.n_cols != PE.n_cols)
        throw ShapeError("add_positions: PE must be as wide as X (d_model); got X " + shape_of(X) + " and PE " + shape_of(PE));
    if (PE.n_rows < X.n_rows)
        throw ShapeError("add_positions: PE needs a row for every position of X (L_max >= L); got X " + shape_of(X) +
                         " and PE " + shape_of(PE));
    arma::mat out = X;
    if (!X.is_empty()) out += PE.rows(0, X.n_rows - 1);
    return out;
}

}  // namespace attn
