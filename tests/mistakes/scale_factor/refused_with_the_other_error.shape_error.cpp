// Wrong on purpose (suite only): the mistake refused_with_the_other_error in scale_factor.
// d_k = 0 refused with attn::ShapeError, as if a width of 0 broke a shape rule.
#include <cmath>
#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw ShapeError("scale_factor: d_k must be at least 1, got 0");  // the mistake: a bad value is an InputError
    return 1.0 / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
