// Wrong on purpose (suite only): the mistake refused_with_the_other_error in scale_factor.
// d_k = 0 refused with std::domain_error (a fitting name, but not the course's InputError).
#include <cmath>
#include <stdexcept>
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw std::domain_error("scale_factor: d_k must be at least 1");  // the mistake: attn::InputError belongs here
    return 1.0 / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
