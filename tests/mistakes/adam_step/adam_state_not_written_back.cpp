// Wrong on purpose (suite only): whole matrices, with the new m and v kept in local copies.
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
    const double tt = static_cast<double>(t);
    arma::mat m_new = c.beta1 * m + (1 - c.beta1) * grad;  // the mistake: m and v are never assigned
    arma::mat v_new = c.beta2 * v + (1 - c.beta2) * (grad % grad);
    const arma::mat m_hat = m_new / (1 - std::pow(c.beta1, tt));
    const arma::mat v_hat = v_new / (1 - std::pow(c.beta2, tt));
    W -= learning_rate * m_hat / (arma::sqrt(v_hat) + c.epsilon);
}

}  // namespace attn
