// Wrong on purpose (suite only): the mistake numeric_gradient_entry_and_index_differ in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols, arma::fill::zeros);
    for (arma::uword r = 0; r < W.n_rows; ++r)
        for (arma::uword c = 0; c < W.n_cols; ++c) {
            const arma::uword k = r * W.n_cols + c;  // the mistake: row after row, where Armadillo counts down the columns
            arma::mat up = W, down = W;
            up(k) += h;
            down(k) -= h;
            G(r, c) = (loss(up) - loss(down)) / (2.0 * h);
        }
    return G;
}

}  // namespace attn
