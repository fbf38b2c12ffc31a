// Wrong on purpose (suite only): the mistake numeric_gradient_step_not_h in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols);
    for (arma::uword r = 0; r < W.n_rows; ++r)
        for (arma::uword c = 0; c < W.n_cols; ++c) {
            arma::mat plus = W, minus = W;
            plus(r, c) += 2 * h;  // the mistake
            minus(r, c) -= 2 * h;  // the mistake
            G(r, c) = (loss(plus) - loss(minus)) / (2 * h);
        }
    return G;
}

}  // namespace attn
