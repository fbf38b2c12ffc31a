// Wrong on purpose (suite only): a mask made once at 32 x 32 and cut to L x L.
#include <limits>

#include "contracts/07_cross_attention.hpp"

namespace attn {

arma::mat causal_mask(arma::uword L) {
    // the mistake: one mask of a fixed size, made once and cut to L x L
    static const arma::mat block = [] {
        arma::mat M(32, 32, arma::fill::zeros);
        for (arma::uword i = 0; i < 32; ++i)
            for (arma::uword j = i + 1; j < 32; ++j) M(i, j) = -std::numeric_limits<double>::infinity();
        return M;
    }();
    if (L == 0) return arma::mat(0, 0);
    return block.submat(0, 0, L - 1, L - 1);
}

}  // namespace attn
