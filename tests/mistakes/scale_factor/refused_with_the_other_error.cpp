// Wrong on purpose (suite only): d_k = 0 refused with std::invalid_argument.
#include <cmath>
#include <stdexcept>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw std::invalid_argument("d_k must be positive");  // the mistake: the course throws InputError
    return 1.0 / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
