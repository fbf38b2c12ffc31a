// Wrong on purpose (suite only): the error names check_attention_shapes, not the caller.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, "check_attention_shapes", kRuleSameWidth, {"Q", Q}, {"K", K});  // the mistake
    require_shapes(K.n_rows == V.n_rows, "check_attention_shapes", kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
