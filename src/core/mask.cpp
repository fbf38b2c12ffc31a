#include "core/mask.hpp"

#include <cmath>

namespace attn {

arma::mat additive_mask(const arma::umat& allowed) {
    arma::mat mask(allowed.n_rows, allowed.n_cols, arma::fill::zeros);  // (L_Q, L_K)
    mask.elem(arma::find(allowed == 0)).fill(-INFINITY);
    return mask;
}

}  // namespace attn
