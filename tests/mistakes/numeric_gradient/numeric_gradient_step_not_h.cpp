// Wrong on purpose (suite only): the mistake numeric_gradient_step_not_h in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(arma::size(W), arma::fill::zeros);
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        arma::mat a = W, b = W;
        a(i) += h / 2;  // the mistake: half a step each way, a span of h, yet divided by 2h below
        b(i) -= h / 2;
        G(i) = (loss(a) - loss(b)) / (2 * h);
    }
    return G;
}

}  // namespace attn
