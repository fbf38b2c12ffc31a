// Wrong on purpose (suite only): the length rule compares the rows of Q and V, naming K and V.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(Q.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});  // the mistake
}

}  // namespace attn
