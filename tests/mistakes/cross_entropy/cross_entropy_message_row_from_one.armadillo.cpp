// Wrong on purpose (suite only): the mistake cross_entropy_message_row_from_one in cross_entropy.
#include <cmath>
#include <string>

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
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " at row " + std::to_string(r + 1) /* the mistake: counted from 1 */ +
                             ", but only " + std::to_string(logits.n_cols) + " columns");
    const arma::colvec m = arma::max(logits, 1);
    const arma::mat E = arma::exp(logits.each_col() - m);
    const arma::colvec sums = arma::sum(E, 1);
    CrossEntropyResult out;
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) total += m(r) + std::log(sums(r)) - logits(r, targets[r]);
    out.loss = total / static_cast<double>(T);

    out.dlogits = E.each_col() / sums;
    for (arma::uword r = 0; r < T; ++r) out.dlogits(r, targets[r]) -= 1.0;
    out.dlogits /= static_cast<double>(T);
    return out;
}

}  // namespace attn
