// Wrong on purpose (suite only): at(i) += h, then at(i) -= h, which is W again, not W - h.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols);  // (r, c)
    arma::mat at = W;                 // one copy, nudged one entry at a time
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) += h;
        const double up = loss(at);
        at(i) -= h;  // the mistake: back at W(i), not at W(i) - h
        const double down = loss(at);
        G(i) = (up - down) / (2 * h);
    }
    return G;
}

}  // namespace attn
