// Exercise scale_factor (chapter 05): the number every score is multiplied by.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1, got 0");
    // Var(q . k) = d_k under the chapter's assumption, so the standard deviation
    // is sqrt(d_k); dividing by it brings the variance back to 1.
    return 1.0 / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
