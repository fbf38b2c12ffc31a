// Exercise feed_forward (chapter 10): relu(X W_1 + b_1) W_2 + b_2 on every row.
//
// What it must do, shapes and errors: src/contracts/10_transformer_blocks.hpp, above feed_forward().
//
// Check your work:  ./course check feed_forward   Stuck?  ./course hint feed_forward
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

FeedForwardResult feed_forward([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& W_1,
                               [[maybe_unused]] const arma::rowvec& b_1, [[maybe_unused]] const arma::mat& W_2,
                               [[maybe_unused]] const arma::rowvec& b_2) {
    // TODO(ch10): your code here.
    throw NotImplemented("feed_forward", __FILE__);
}

}  // namespace attn
