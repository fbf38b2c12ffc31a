// Wrong on purpose (suite only): the mistake scale_by_another_power_of_d_k in scale_factor.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k is 0");
    return std::pow(static_cast<double>(d_k), -2.0);
}

}  // namespace attn
