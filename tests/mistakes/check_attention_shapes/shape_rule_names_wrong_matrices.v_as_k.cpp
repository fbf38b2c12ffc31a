// Wrong on purpose (suite only): the mistake shape_rule_names_wrong_matrices in check_attention_shapes.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", V});  // the mistake: V under the name K
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
