// Wrong on purpose (suite only): m is updated in a local copy, so the caller's m never changes.
// Exercise adam_step (chapter 11): one update of the Adam optimiser.
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
    const double c1 = 1.0 - std::pow(c.beta1, static_cast<double>(t));  // corrects m for starting at 0
    const double c2 = 1.0 - std::pow(c.beta2, static_cast<double>(t));  // and v
    // One pass over the entries (three Armadillo expressions would make three).
    const double* g = grad.memptr();
    arma::mat mm = m;  // the mistake: a copy where the caller's m belongs
    double *pm = mm.memptr(), *pv = v.memptr(), *w = W.memptr();
    for (arma::uword i = 0; i < W.n_elem; ++i) {
        pm[i] = c.beta1 * pm[i] + (1.0 - c.beta1) * g[i];         // running mean of the gradient
        pv[i] = c.beta2 * pv[i] + (1.0 - c.beta2) * g[i] * g[i];  // and of its square
        w[i] -= learning_rate * (pm[i] / c1) / (std::sqrt(pv[i] / c2) + c.epsilon);
    }
}

}  // namespace attn
