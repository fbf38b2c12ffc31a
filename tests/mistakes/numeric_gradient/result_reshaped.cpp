// Wrong on purpose (suite only): G made W.n_cols x W.n_rows, then filled through G(i).
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_cols, W.n_rows);  // the mistake: the shape of W^T, where W's own belongs
    arma::mat at = W;
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
