// Wrong on purpose (suite only): only the length rule is checked.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    // the mistake: no width rule, Q.n_cols == K.n_cols
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
