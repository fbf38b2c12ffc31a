// Wrong on purpose (suite only): the mistake numeric_gradient_loop_misses_entries in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!std::isfinite(h) || h <= 0) throw InputError("numeric_gradient: h must be positive and finite");
    arma::mat G = arma::zeros(arma::size(W));
    for (arma::uword k = 0; k < W.n_cols; ++k) {  // the mistake: W.n_cols bounds a linear index, most entries never move
        arma::mat plus = W, minus = W;
        plus(k) += h;
        minus(k) -= h;
        G(k) = (loss(plus) - loss(minus)) / (2.0 * h);
    }
    return G;
}

}  // namespace attn
