// Wrong on purpose (suite only): only h <= 0 refused, so NaN and infinity pass.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (h <= 0) throw InputError("numeric_gradient: the step h must be positive");  // the mistake: NaN <= 0 is false
    arma::mat G(W.n_rows, W.n_cols);  // (r, c)
    arma::mat at = W;                 // one copy, nudged one entry at a time
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
