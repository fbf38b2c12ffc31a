// Wrong on purpose (suite only): no check for d_k = 0.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    return 1.0 / std::sqrt(static_cast<double>(d_k));  // the mistake: d_k = 0 gives inf
}

}  // namespace attn
