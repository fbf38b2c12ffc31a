// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_factor.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1");
    arma::uword root = std::sqrt(d_k);  // the mistake: the root kept in an integer, sqrt(10) = 3.16 cut to 3
    return 1.0 / root;
}
}  // namespace attn
