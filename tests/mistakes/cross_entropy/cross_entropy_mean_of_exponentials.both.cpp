// Wrong on purpose (suite only): the mistake cross_entropy_mean_of_exponentials in cross_entropy.
#include <cmath>
#include <string>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: there are no rows");
    const arma::uword T = logits.n_rows;
    for (arma::uword r = 0; r < T; ++r)
        if (targets[r] >= logits.n_cols)
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " at row " + std::to_string(r) +
                             ", but only " + std::to_string(logits.n_cols) + " columns");
    CrossEntropyResult out;
    out.dlogits.set_size(T, logits.n_cols);
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) {
        const arma::rowvec z = logits.row(r);
        const double m = z.max();
        const arma::rowvec e = arma::exp(z - m);
        const double sum = arma::mean(e);  // the mistake: the mean, not the sum
        total += m + std::log(sum) - z(targets[r]);
        out.dlogits.row(r) = e / sum;
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total / static_cast<double>(T);
    out.dlogits /= static_cast<double>(T);
    return out;
}

}  // namespace attn
