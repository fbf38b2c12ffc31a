// Wrong on purpose (suite only): the mistake softmax_over_columns in cross_entropy.
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
    const arma::colvec m = arma::max(logits, 1);          // each row's max
    arma::mat E = logits;
    E.each_col() -= m;
    E = arma::exp(E);
    const arma::rowvec s = arma::sum(E);  // the mistake: sums down the columns, not sum(E, 1)
    CrossEntropyResult out;
    out.dlogits = E.each_row() / s;
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) {
        total += m(r) + std::log(s(r)) - logits(r, targets[r]);
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total / T;
    out.dlogits /= T;
    return out;
}

}  // namespace attn
