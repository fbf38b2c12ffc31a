// Wrong on purpose (suite only): the mistake factor_kept_from_first_call in scale_factor.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    static const double factor = 1.0 / std::sqrt(static_cast<double>(d_k));  // the mistake: set on the first call only
    return factor;
}

}  // namespace attn
