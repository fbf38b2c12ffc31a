// Wrong on purpose (suite only): the mistake numeric_gradient_step_not_h in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    const double eps = 1e-6;  // the mistake: a step of its own; h is only checked above
    arma::mat G(arma::size(W));
    arma::mat at = W;
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) += eps;
        const double up = loss(at);
        at(i) -= 2 * eps;
        const double down = loss(at);
        at(i) = W(i);
        G(i) = (up - down) / (2 * eps);
    }
    return G;
}

}  // namespace attn
