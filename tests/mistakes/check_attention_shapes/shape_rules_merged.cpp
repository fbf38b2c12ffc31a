// Wrong on purpose (suite only): both rules in one condition.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols && K.n_rows == V.n_rows, function, kRuleSameWidth, {"Q", Q},
                   {"K", K});  // the mistake: one check per rule
}

}  // namespace attn
