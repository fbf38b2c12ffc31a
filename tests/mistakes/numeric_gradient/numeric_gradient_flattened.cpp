// Wrong on purpose (suite only): the mistake numeric_gradient_flattened in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_elem, 1);  // the mistake: one column, not W's shape
    arma::mat at = W;
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) = W(i) + h;
        const double up = loss(at);
        at(i) = W(i) - h;
        const double down = loss(at);
        at(i) = W(i);
        G(i) = (up - down) / (2 * h);
    }
    return G;
}
}  // namespace attn
