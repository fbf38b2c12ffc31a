// Right, written another way (suite only): one copy moved by +h, by -2h, then by +h back.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat at = W, G(W.n_rows, W.n_cols);
    for (arma::uword i = 0; i < at.n_elem; ++i) {
        at(i) += h;
        const double up = loss(at);
        at(i) -= 2 * h;
        const double down = loss(at);
        at(i) = W(i);  // exactly back, without rounding
        G(i) = 0.5 * (up - down) / h;
    }
    return G;
}

}  // namespace attn
