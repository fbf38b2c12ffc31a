// Wrong on purpose (suite only): the mistake adam_moments_reset_each_call in adam_step.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

void adam_step(arma::mat& W, const arma::mat& grad, arma::mat& m, arma::mat& v, long t, double learning_rate,
               const AdamConstants& c) {
    const char* rule = "grad, m and v must have the shape of W";
    require_shapes(grad.n_rows == W.n_rows && grad.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"grad", grad});
    require_shapes(m.n_rows == W.n_rows && m.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"m", m});
    require_shapes(v.n_rows == W.n_rows && v.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"v", v});
    if (t < 1) throw InputError("adam_step: the step number t starts at 1");
    m.zeros();  // the mistake: m and v start again from 0 on every call
    v.zeros();
    const double tt = static_cast<double>(t);
    m = c.beta1 * m + (1 - c.beta1) * grad;
    v = c.beta2 * v + (1 - c.beta2) * arma::square(grad);
    W -= learning_rate * (m / (1 - std::pow(c.beta1, tt))) / (arma::sqrt(v / (1 - std::pow(c.beta2, tt))) + c.epsilon);
}

}  // namespace attn
