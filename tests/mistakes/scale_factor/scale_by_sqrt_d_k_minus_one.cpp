// Wrong on purpose (suite only): the mistake scale_by_sqrt_d_k_minus_one in scale_factor.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1");
    return 1.0 / std::sqrt(static_cast<double>(d_k - 1));
}

}  // namespace attn
