// Exercise check_attention_shapes (chapter 06): write the rule checks yourself.
//
// Throw ShapeError when a forced rule is broken, and only then:
//   first,  the width rule  d_q = d_k  -> name Q and K
//   second, the length rule L_K = L_V  -> name K and V
// The message is "<function>: <rule>; got Q 7x64 and K 12x32"; require_shapes
// (src/core/errors.hpp) writes it for you from kRuleSameWidth / kRuleSameLength
// (src/contracts/06_shape_rules.hpp). A query sequence of another length, or values of
// another width, must pass.
//
// Check your work:  ./course check check_attention_shapes   Stuck?  ./course hint check_attention_shapes
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes([[maybe_unused]] const char* function, [[maybe_unused]] const arma::mat& Q,
                            [[maybe_unused]] const arma::mat& K, [[maybe_unused]] const arma::mat& V) {
    // TODO(ch06): two checks, in this order. Which two comparisons are NOT rules?
    throw NotImplemented("check_attention_shapes", __FILE__);
}

}  // namespace attn
