// Exercise learning_rate (chapter 11): the learning rate at step t: warm up, then decay.
//
// What it must do, shapes and errors: src/contracts/11_training.hpp, above learning_rate().
//
// Check your work:  ./course check learning_rate   Stuck?  ./course hint learning_rate
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

double learning_rate([[maybe_unused]] long t, [[maybe_unused]] double peak, [[maybe_unused]] long warmup) {
    // TODO(ch11): refuse t < 1 and warmup < 1, then peak * min(t / warmup, sqrt(warmup / t)) in doubles.
    throw NotImplemented("learning_rate", __FILE__);
}

}  // namespace attn
