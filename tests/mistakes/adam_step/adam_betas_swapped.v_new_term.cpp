// Wrong on purpose (suite only): v's new term is weighted by 1 - beta1 where 1 - beta2 belongs.
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

#include <cmath>

namespace attn {

void adam_step(arma::mat& W, const arma::mat& grad, arma::mat& m, arma::mat& v, long t, double learning_rate,
               const AdamConstants& c) {
    require_shapes(arma::size(grad) == arma::size(W), "adam_step", "grad must have the shape of W", {"W", W},
                   {"grad", grad});
    require_shapes(arma::size(m) == arma::size(W), "adam_step", "m must have the shape of W", {"W", W}, {"m", m});
    require_shapes(arma::size(v) == arma::size(W), "adam_step", "v must have the shape of W", {"W", W}, {"v", v});
    if (t < 1) throw InputError("adam_step: t must be at least 1 (the first step is 1)");
    m = c.beta1 * m + (1.0 - c.beta1) * grad;
    v = c.beta2 * v + (1.0 - c.beta1) * (grad % grad);
    const double bc1 = 1.0 - std::pow(c.beta1, double(t));
    const double bc2 = 1.0 - std::pow(c.beta2, double(t));
    W -= learning_rate * (m / bc1) / (arma::sqrt(v / bc2) + c.epsilon);
}

}  // namespace attn
