// Exercise scale_factor (chapter 05): the number every score is multiplied by.
//
// Return the factor that brings the variance of q . k back to 1 when the
// entries of q and k have variance 1 and the vectors are d_k wide. Throw
// InputError for d_k = 0. Careful: d_k is the width of ONE key, not the model width.
//
// Check your work:  ./course check scale_factor   Stuck?  ./course hint scale_factor
#include <cmath>

#include "core/errors.hpp"
#include "contracts/05_scaling.hpp"

namespace attn {

double scale_factor([[maybe_unused]] arma::uword d_k) {
    // TODO(ch05): one line (after the d_k = 0 check).
    throw NotImplemented("scale_factor", __FILE__);
}

}  // namespace attn
