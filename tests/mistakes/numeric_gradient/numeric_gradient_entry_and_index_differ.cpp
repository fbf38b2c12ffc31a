// Wrong on purpose (suite only): the mistake numeric_gradient_entry_and_index_differ in numeric_gradient.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat numeric_gradient(const std::function<double(const arma::mat&)>& loss, const arma::mat& W, double h) {
    if (!(h > 0) || !std::isfinite(h)) throw InputError("numeric_gradient: the step h must be positive and finite");
    arma::mat G(W.n_rows, W.n_cols, arma::fill::zeros);
    arma::mat at = W;
    for (arma::uword r = 0; r < W.n_rows; ++r)
        for (arma::uword c = 0; c < W.n_cols; ++c) {
            at(r, c) = W(r, c) + h;
            const double up = loss(at);
            at(r, c) = W(r, c) - h;
            const double down = loss(at);
            at(r, c) = W(r, c);
            if (c < G.n_rows && r < G.n_cols) G(c, r) = (up - down) / (2 * h);  // the mistake: (c, r) for (r, c)
        }
    return G;
}

}  // namespace attn
