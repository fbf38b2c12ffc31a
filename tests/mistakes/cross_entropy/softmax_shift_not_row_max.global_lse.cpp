// Wrong on purpose (suite only): the mistake softmax_shift_not_row_max in cross_entropy (the largest logit of all the rows as every row's shift, the probabilities read as exp(z - lse)).
#include <cmath>
#include <string>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: no rows of logits to score");
    for (std::size_t r = 0; r < targets.size(); ++r)
        if (targets[r] >= logits.n_cols)
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " of row " + std::to_string(r) +
                             " is not a column of the logits");
    const double T = static_cast<double>(logits.n_rows);
    const double m = logits.max();  // the mistake: each row's own maximum belongs here
    CrossEntropyResult out;
    out.loss = 0;
    out.dlogits.zeros(logits.n_rows, logits.n_cols);
    for (arma::uword r = 0; r < logits.n_rows; ++r) {
        const double lse = m + std::log(arma::accu(arma::exp(logits.row(r) - m)));
        out.loss += (lse - logits(r, targets[r])) / T;
        for (arma::uword j = 0; j < logits.n_cols; ++j) out.dlogits(r, j) = std::exp(logits(r, j) - lse) / T;
        out.dlogits(r, targets[r]) -= 1.0 / T;
    }
    return out;
}

}  // namespace attn
