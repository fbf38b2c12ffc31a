// Wrong on purpose (suite only): the mistake shape_error_without_shapes in check_attention_shapes.
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    // the mistake: no "; got Q 7x64 and K 12x32" (require_shapes writes it)
    if (Q.n_cols != K.n_cols) throw ShapeError(std::string(function) + ": " + kRuleSameWidth);
    if (K.n_rows != V.n_rows) throw ShapeError(std::string(function) + ": " + kRuleSameLength);
}
}  // namespace attn
