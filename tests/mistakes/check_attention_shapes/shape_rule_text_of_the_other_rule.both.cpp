// Wrong on purpose (suite only): the mistake shape_rule_text_of_the_other_rule in check_attention_shapes (the two rules' words swapped, from a table).
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const char* const rules[] = {kRuleSameLength, kRuleSameWidth};  // the mistake: width first, {kRuleSameWidth, kRuleSameLength}
    require_shapes(Q.n_cols == K.n_cols, function, rules[0], {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, function, rules[1], {"K", K}, {"V", V});
}
}  // namespace attn
