// Right, written another way (suite only): loops, the softmax as exp(z - log-sum-exp).
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
    const arma::uword n = logits.n_cols;
    CrossEntropyResult out;
    out.dlogits.set_size(T, n);
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) {
        double mx = logits(r, 0);
        for (arma::uword j = 1; j < n; ++j) mx = std::max(mx, logits(r, j));
        double sum = 0;
        for (arma::uword j = 0; j < n; ++j) sum += std::exp(logits(r, j) - mx);
        const double lse = mx + std::log(sum);
        total += lse - logits(r, targets[r]);
        for (arma::uword j = 0; j < n; ++j)
            out.dlogits(r, j) = (std::exp(logits(r, j) - lse) - (j == targets[r] ? 1.0 : 0.0)) / static_cast<double>(T);
    }
    out.loss = total / static_cast<double>(T);
    return out;
}

}  // namespace attn
