// Wrong on purpose (suite only): the width rule as the rule of Q K, Q's columns against K's rows.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_rows, function, kRuleSameWidth, {"Q", Q}, {"K", K});  // the mistake: K.n_cols
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
