// Wrong on purpose (suite only): the mistake divisor_hard_coded in scale_factor (the worked example's sqrt(4)).
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_factor: d_k must be at least 1");
    return 1.0 / 2.0;  // the mistake: sqrt(4) of the worked example, for every d_k
}
}  // namespace attn
