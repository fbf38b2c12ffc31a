// Wrong on purpose (suite only): d_k to the power -1 / 2, which is an integer 0.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    return std::pow(static_cast<double>(d_k), -1 / 2);  // the mistake: -1 / 2 is 0 in integers
}

}  // namespace attn
