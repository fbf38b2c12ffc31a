// Wrong on purpose (suite only): the check of v was copied from the one of m and kept m's name,
// so a v of the wrong shape is reported as m.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

void adam_step(arma::mat& W, const arma::mat& grad, arma::mat& m, arma::mat& v, long t, double learning_rate,
               const AdamConstants& c) {
    const char* rule = "grad, m and v must have the shape of W";
    require_shapes(grad.n_rows == W.n_rows && grad.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"grad", grad});
    require_shapes(m.n_rows == W.n_rows && m.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"m", m});
    require_shapes(v.n_rows == W.n_rows && v.n_cols == W.n_cols, "adam_step", rule, {"W", W}, {"m", v});  // the mistake
    if (t < 1) throw InputError("adam_step: the step number t starts at 1");
    const double c1 = 1.0 - std::pow(c.beta1, double(t));
    const double c2 = 1.0 - std::pow(c.beta2, double(t));
    m = c.beta1 * m + (1.0 - c.beta1) * grad;
    v = c.beta2 * v + (1.0 - c.beta2) * arma::square(grad);
    W -= learning_rate * (m / c1) / (arma::sqrt(v / c2) + c.epsilon);
}

}  // namespace attn
