// Wrong on purpose (suite only): the mistake numeric_gradient_loop_misses_entries in numeric_gradient (the loop starts at entry 1).
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0.0 && std::isfinite(h))) throw InputError("numeric_gradient: the step must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols, arma::fill::zeros);
    arma::mat probe = W;
    for (arma::uword i = 1; i <= W.n_elem - 1; ++i) {  // the mistake: counted from 1, entry 0 is never moved
        probe(i) = W(i) + h;
        const double up = loss(probe);
        probe(i) = W(i) - h;
        const double down = loss(probe);
        probe(i) = W(i);
        G(i) = (up - down) / (2 * h);
    }
    return G;
}

}  // namespace attn
