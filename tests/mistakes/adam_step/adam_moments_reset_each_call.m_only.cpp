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
    const double c1 = 1.0 - std::pow(c.beta1, static_cast<double>(t));
    const double c2 = 1.0 - std::pow(c.beta2, static_cast<double>(t));
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        m(i) = (1.0 - c.beta1) * grad(i);  // the mistake: the old m(i) is not carried over (beta1 * m(i) left out)
        v(i) = c.beta2 * v(i) + (1.0 - c.beta2) * grad(i) * grad(i);
        W(i) -= learning_rate * (m(i) / c1) / (std::sqrt(v(i) / c2) + c.epsilon);
    }
}

}  // namespace attn
