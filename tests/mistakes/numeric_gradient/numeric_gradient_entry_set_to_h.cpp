// Wrong on purpose (suite only): the mistake numeric_gradient_entry_set_to_h in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(arma::size(W));
    arma::mat at = W;
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) = h;  // the mistake: set to h, not moved by it
        const double up = loss(at);
        at(i) = -h;
        const double down = loss(at);
        at(i) = W(i);
        G(i) = (up - down) / (2 * h);
    }
    return G;
}

}  // namespace attn
