// Wrong on purpose (suite only): the width rule compares the columns of Q and V, naming Q and K.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == V.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", K});  // the mistake
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
