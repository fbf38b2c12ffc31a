// Wrong on purpose (suite only): the mistake numeric_gradient_loop_misses_entries in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0.0 && std::isfinite(h))) throw InputError("numeric_gradient: the step must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols, arma::fill::zeros);
    arma::mat moved = W;
    for (arma::uword i = 0; i + 1 < W.n_elem; ++i) {  // the mistake: one short, the last entry is never moved
        const double keep = moved(i);
        moved(i) = keep + h;
        const double up = loss(moved);
        moved(i) = keep - h;
        const double down = loss(moved);
        moved(i) = keep;
        G(i) = (up - down) / (2 * h);
    }
    return G;
}

}  // namespace attn
