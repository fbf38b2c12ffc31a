// Exercise concat_heads (chapter 09): the heads' outputs side by side again.
//
// What it must do, shapes and errors: src/contracts/09_multi_head_attention.hpp, above concat_heads().
//
// Check your work:  ./course check concat_heads   Stuck?  ./course hint concat_heads
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads([[maybe_unused]] const std::vector<arma::mat>& parts) {
    // TODO(ch09): your code here.
    throw NotImplemented("concat_heads", __FILE__);
}

}  // namespace attn
