// Wrong on purpose (suite only): the mistake add_positions_rule_text_of_the_other_rule in add_positions.
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions(const arma::mat& X, const arma::mat& PE) {
    const char* rule = "PE needs a row for every position of X (L_max >= L)";
    require_shapes(PE.n_cols == X.n_cols, "add_positions", rule, {"X", X}, {"PE", PE});  // the mistake: the length rule's words
    require_shapes(PE.n_rows >= X.n_rows, "add_positions", rule, {"X", X}, {"PE", PE});
    arma::mat out = X;
    for (arma::uword p = 0; p < X.n_rows; ++p) out.row(p) += PE.row(p);
    return out;
}

}  // namespace attn
