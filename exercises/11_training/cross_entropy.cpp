// Exercise cross_entropy (chapter 11): the loss of every row against its target, by log-sum-exp, and its gradient.
//
// What it must do, shapes and errors: src/contracts/11_training.hpp, above cross_entropy().
//
// Check your work:  ./course check cross_entropy   Stuck?  ./course hint cross_entropy
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy([[maybe_unused]] const arma::mat& logits,
                                 [[maybe_unused]] const std::vector<arma::uword>& targets) {
    // TODO(ch11): check the targets, then per row: m = max, log-sum-exp, loss and softmax - onehot; divide by T.
    throw NotImplemented("cross_entropy", __FILE__);
}

}  // namespace attn
