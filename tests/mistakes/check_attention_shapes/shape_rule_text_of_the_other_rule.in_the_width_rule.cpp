// Wrong on purpose (suite only): the mistake shape_rule_text_of_the_other_rule in check_attention_shapes (the length rule's words for the width rule, thrown by hand).
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const std::string f = function;
    if (Q.n_cols != K.n_cols)  // the mistake: this is the width rule, kRuleSameWidth
        throw ShapeError(f + ": " + kRuleSameLength + "; got Q " + shape_of(Q) + " and K " + shape_of(K));
    if (K.n_rows != V.n_rows)
        throw ShapeError(f + ": " + kRuleSameLength + "; got K " + shape_of(K) + " and V " + shape_of(V));
}
}  // namespace attn
