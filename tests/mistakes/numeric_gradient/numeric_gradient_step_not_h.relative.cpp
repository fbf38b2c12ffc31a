// Wrong on purpose (suite only): the mistake numeric_gradient_step_not_h in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols, arma::fill::zeros);
    arma::mat at = W;
    for (arma::uword c = 0; c < W.n_cols; ++c)
        for (arma::uword r = 0; r < W.n_rows; ++r) {
            const double step = h * W(r, c);  // the mistake: a step relative to the entry, still divided by 2h
            at(r, c) = W(r, c) + step;
            const double up = loss(at);
            at(r, c) = W(r, c) - step;
            const double down = loss(at);
            at(r, c) = W(r, c);
            G(r, c) = (up - down) / (2 * h);
        }
    return G;
}

}  // namespace attn
