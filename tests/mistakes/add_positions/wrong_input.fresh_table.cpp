// Wrong on purpose (suite only): the given PE is left unread; a table computed afresh, positional_encoding(L, d_model), is added instead.
// Exercise add_positions (chapter 08): positional codes added to the embeddings.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    require_shapes(PE.n_cols == X.n_cols, "add_positions", "PE must be as wide as X (d_model)", {"X", X}, {"PE", PE});
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", "PE needs a row for every position of X (L_max >= L)", {"X", X}, {"PE", PE});
    return X + positional_encoding(X.n_rows, X.n_cols);  // the mistake
}

}  // namespace attn
