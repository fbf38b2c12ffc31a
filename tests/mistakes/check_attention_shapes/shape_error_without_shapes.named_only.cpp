// Wrong on purpose (suite only): the mistake shape_error_without_shapes in check_attention_shapes (the matrices named, their shapes left out).
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const std::string f = function;
    if (Q.n_cols != K.n_cols) throw ShapeError(f + ": " + kRuleSameWidth + " (Q, K)");  // the mistake: no shapes
    if (K.n_rows != V.n_rows) throw ShapeError(f + ": " + kRuleSameLength + " (K, V)");
}
}  // namespace attn
