// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_factor.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    arma::uword s = 1;
    while (s * s < d_k) ++s;  // the mistake: a whole-number root, rounded up
    return 1.0 / static_cast<double>(s);
}

}  // namespace attn
