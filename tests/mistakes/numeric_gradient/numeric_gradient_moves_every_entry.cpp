// Wrong on purpose (suite only): loss(W + h) and loss(W - h): every entry moved at once.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols);  // (r, c)
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        const double up = loss(W + h);  // the mistake: W + h moves every entry, not entry i alone
        const double down = loss(W - h);
        G(i) = (up - down) / (2 * h);
    }
    return G;
}

}  // namespace attn
