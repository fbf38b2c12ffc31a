// Wrong on purpose (suite only): causal_mask(0) refused instead of returning the 0x0 mask.
#include <limits>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    if (L == 0) throw InputError("causal_mask: L must be at least 1");  // the mistake
    arma::mat M(L, L, arma::fill::zeros);
    const double never = -std::numeric_limits<double>::infinity();
    for (arma::uword i = 0; i < L; ++i)
        for (arma::uword j = i + 1; j < L; ++j) M(i, j) = never;
    return M;
}

}  // namespace attn
