// Wrong on purpose (suite only): nothing is checked.
#include "contracts/06_shape_rules.hpp"

namespace attn {

void check_attention_shapes([[maybe_unused]] const char* function, [[maybe_unused]] const arma::mat& Q,
                            [[maybe_unused]] const arma::mat& K, [[maybe_unused]] const arma::mat& V) {
    // the mistake: the two require_shapes are missing
}

}  // namespace attn
