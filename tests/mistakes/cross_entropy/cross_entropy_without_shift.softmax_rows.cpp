// Wrong on purpose (suite only): the gradient from softmax_rows (shifted), the loss from log(accu(exp(z))) unshifted.
#include <cmath>
#include <string>

#include "contracts/03_softmax.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: there are no rows (no tokens to score)");
    const arma::uword T = logits.n_rows;
    for (arma::uword r = 0; r < T; ++r)
        if (targets[r] >= logits.n_cols)
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " at row " + std::to_string(r) +
                             ", but only " + std::to_string(logits.n_cols) + " columns");
    CrossEntropyResult out;
    out.dlogits = softmax_rows(logits);  // (T, n), chapter 03's stable softmax
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) {
        const arma::rowvec z = logits.row(r);
        total += std::log(arma::accu(arma::exp(z))) - z(targets[r]);  // the mistake: exp without the shift
        // d loss / d z = softmax(z) - onehot(t), divided by T for the mean
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total / static_cast<double>(T);
    out.dlogits /= static_cast<double>(T);
    return out;
}

}  // namespace attn
