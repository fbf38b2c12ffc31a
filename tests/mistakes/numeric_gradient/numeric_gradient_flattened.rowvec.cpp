// Wrong on purpose (suite only): the mistake numeric_gradient_flattened in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::rowvec g(W.n_elem);  // the mistake: one row of every entry, not W's shape
    for (arma::uword r = 0; r < W.n_rows; ++r)
        for (arma::uword c = 0; c < W.n_cols; ++c) {
            arma::mat up = W, down = W;
            up(r, c) += h;
            down(r, c) -= h;
            g(r * W.n_cols + c) = (loss(up) - loss(down)) / (2 * h);
        }
    return g;
}

}  // namespace attn
