// Wrong on purpose (suite only): the mistake cross_entropy_target_check_off_by_one in cross_entropy.
#include <cmath>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: no rows");
    const arma::uvec t(targets);
    // the mistake: > instead of >=, so a target equal to logits.n_cols passes
    if (arma::any(t > logits.n_cols)) throw InputError("cross_entropy: a target is not a column of the logits");
    const double T = static_cast<double>(logits.n_rows);
    const arma::colvec m = arma::max(logits, 1);
    arma::mat E = arma::exp(logits.each_col() - m);
    const arma::colvec s = arma::sum(E, 1);
    CrossEntropyResult out;
    out.loss = 0;
    for (arma::uword r = 0; r < logits.n_rows; ++r) out.loss += m(r) + std::log(s(r)) - logits(r, t(r));
    out.loss /= T;
    out.dlogits = E.each_col() / s;
    for (arma::uword r = 0; r < logits.n_rows; ++r) out.dlogits(r, t(r)) -= 1.0;
    out.dlogits /= T;
    return out;
}

}  // namespace attn
