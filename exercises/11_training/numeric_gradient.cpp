// Exercise numeric_gradient (chapter 11): any gradient, by central differences.
//
// What it must do, shapes and errors: src/contracts/11_training.hpp, above numeric_gradient().
//
// Check your work:  ./course check numeric_gradient   Stuck?  ./course hint numeric_gradient
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient([[maybe_unused]] const std::function<double(const arma::mat&)>& loss,
                           [[maybe_unused]] const arma::mat& W, [[maybe_unused]] double h) {
    // TODO(ch11): refuse a bad h, then for each entry: f(W + h e_i), f(W - h e_i), put it back, divide by 2h.
    throw NotImplemented("numeric_gradient", __FILE__);
}

}  // namespace attn
