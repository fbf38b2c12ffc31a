// Wrong on purpose (suite only): the mistake shape_rule_text_of_the_other_rule in check_attention_shapes (the width rule's line copied for the length rule).
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameWidth, {"K", K}, {"V", V});  // the mistake: kRuleSameLength
}
}  // namespace attn
