// Wrong on purpose (suite only): the loss summed over the rows, not averaged (dlogits divided by T).
#include <cmath>
#include <string>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: no rows");
    for (arma::uword r = 0; r < logits.n_rows; ++r)
        if (targets[r] >= logits.n_cols)
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " at row " + std::to_string(r) +
                             ", but only " + std::to_string(logits.n_cols) + " columns");
    const double T = double(logits.n_rows);
    CrossEntropyResult out;
    out.dlogits.set_size(logits.n_rows, logits.n_cols);
    double total = 0;
    for (arma::uword r = 0; r < logits.n_rows; ++r) {
        const arma::rowvec z = logits.row(r);
        const double m = z.max();
        const arma::rowvec e = arma::exp(z - m);
        const double sum = arma::accu(e);
        total += m + std::log(sum) - z(targets[r]);
        out.dlogits.row(r) = e / sum;
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total;  // the mistake: the sum, not the mean
    out.dlogits /= T;
    return out;
}

}  // namespace attn
