// Wrong on purpose (suite only): the mistake refused_with_the_other_error in scale_factor.
// d_k = 0 refused with std::runtime_error, in the body's own words.
#include <cmath>
#include <stdexcept>
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    const double root = std::sqrt(static_cast<double>(d_k));
    if (root == 0.0) throw std::runtime_error("cannot divide by a width of 0");  // the mistake: attn::InputError belongs here
    return 1.0 / root;
}

}  // namespace attn
