// Right, written another way (suite only): loops over rows and columns, corrections computed by repeated products.
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
    double p1 = 1, p2 = 1;
    for (long k = 0; k < t; ++k) p1 *= c.beta1, p2 *= c.beta2;
    for (arma::uword r = 0; r < W.n_rows; ++r)
        for (arma::uword col = 0; col < W.n_cols; ++col) {
            const double g = grad(r, col);
            m(r, col) = c.beta1 * m(r, col) + (1.0 - c.beta1) * g;
            v(r, col) = c.beta2 * v(r, col) + (1.0 - c.beta2) * g * g;
            const double m_hat = m(r, col) / (1.0 - p1), v_hat = v(r, col) / (1.0 - p2);
            W(r, col) = W(r, col) - learning_rate * m_hat / (std::sqrt(v_hat) + c.epsilon);
        }
}

}  // namespace attn
