// Exercise split_heads (chapter 09): a projection cut into its heads, column blocks of equal width.
//
// What it must do, shapes and errors: src/contracts/09_multi_head_attention.hpp, above split_heads().
//
// Check your work:  ./course check split_heads   Stuck?  ./course hint split_heads
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

std::vector<arma::mat> split_heads([[maybe_unused]] const arma::mat& M, [[maybe_unused]] arma::uword heads) {
    // TODO(ch09): your code here.
    throw NotImplemented("split_heads", __FILE__);
}

}  // namespace attn
