// Wrong on purpose (suite only): the mistake numeric_gradient_kept_in_float in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::fmat F(W.n_rows, W.n_cols);  // the mistake: the result held in floats
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        arma::mat plus = W, minus = W;
        plus(i) += h;
        minus(i) -= h;
        F(i) = static_cast<float>((loss(plus) - loss(minus)) / (2 * h));
    }
    const arma::mat G = arma::conv_to<arma::mat>::from(F);
    return G;
}

}  // namespace attn
