// Exercise adam_step (chapter 11): one update of the Adam optimiser.
//
// What it must do, shapes and errors: src/contracts/11_training.hpp, above adam_step().
//
// Check your work:  ./course check adam_step   Stuck?  ./course hint adam_step
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

void adam_step([[maybe_unused]] arma::mat& W, [[maybe_unused]] const arma::mat& grad, [[maybe_unused]] arma::mat& m,
               [[maybe_unused]] arma::mat& v, [[maybe_unused]] long t, [[maybe_unused]] double learning_rate,
               [[maybe_unused]] const AdamConstants& c) {
    // TODO(ch11): check the shapes and t, update m and v, correct both for starting at 0, then step W.
    throw NotImplemented("adam_step", __FILE__);
}

}  // namespace attn
