// Wrong on purpose (suite only): the mistake refusal_names_another_matrix in add_positions.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    // the mistake: the pairs in the other order, PE before X
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"PE", PE}, {"X", X});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)",
                   {"PE", PE}, {"X", X});
    if (X.n_rows == 0) return X;
    return X + PE.rows(0, X.n_rows - 1);
}

}  // namespace attn
