// Wrong on purpose (suite only): the mistake add_positions_rule_text_of_the_other_rule in add_positions.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    // the mistake: the width check copied, its rule's words kept
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    return X + PE.head_rows(X.n_rows);
}

}  // namespace attn
