// Wrong on purpose (suite only): a one-sided difference backwards, (f(W) - f(W - h)) / h.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols);  // (r, c)
    arma::mat at = W;                 // one copy, nudged one entry at a time
    const double here = loss(W);
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        at(i) = W(i) - h;
        const double down = loss(at);
        at(i) = W(i);
        G(i) = (here - down) / h;  // the mistake: one-sided, an error of order h
    }
    return G;
}

}  // namespace attn
