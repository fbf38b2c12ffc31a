// Wrong on purpose (suite only): the mistake refused_with_the_other_error in scale_factor,
// by a refusal thrown as a bare C string, which no catch of attn::InputError sees.
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor(arma::uword d_k) {
    if (d_k == 0) throw "scale_factor: d_k must be at least 1";  // the mistake: not an attn::InputError
    return 1.0 / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
