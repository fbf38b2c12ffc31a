// Wrong on purpose (suite only): the mistake factor_kept_from_first_call in scale_factor.
#include <cmath>

#include "contracts/05_scaling.hpp"
#include "core/errors.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    static bool known = false;
    static double cached = 0;
    if (!known) {  // the mistake: the cache never looks at d_k again
        cached = 1.0 / std::sqrt(static_cast<double>(d_k));
        known = true;
    }
    return cached;
}

}  // namespace attn
