// Wrong on purpose (suite only): the mistake softmax_over_columns in cross_entropy.
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
            throw InputError("cross_entropy: target " + std::to_string(targets[r]) + " at row " + std::to_string(r) +
                             ", but only " + std::to_string(logits.n_cols) + " columns");
    const arma::uword n = logits.n_cols;
    CrossEntropyResult out;
    out.dlogits.set_size(T, n);
    double total = 0;
    for (arma::uword j = 0; j < n; ++j) {
        // the mistake: each column's softmax, over the tokens, instead of each row's, over the words
        double mx = logits(0, j);
        for (arma::uword i = 1; i < T; ++i) mx = std::max(mx, logits(i, j));
        double sum = 0;
        for (arma::uword i = 0; i < T; ++i) sum += std::exp(logits(i, j) - mx);
        for (arma::uword i = 0; i < T; ++i) out.dlogits(i, j) = std::exp(logits(i, j) - mx) / sum;
    }
    for (arma::uword r = 0; r < T; ++r) {
        total -= std::log(out.dlogits(r, targets[r]));
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total / static_cast<double>(T);
    for (arma::uword k = 0; k < out.dlogits.n_elem; ++k) out.dlogits(k) /= static_cast<double>(T);
    return out;
}

}  // namespace attn
