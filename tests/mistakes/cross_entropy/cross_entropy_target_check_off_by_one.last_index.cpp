// Wrong on purpose (suite only): the mistake cross_entropy_target_check_off_by_one in cross_entropy.
#include <algorithm>
#include <cmath>
#include <string>

#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

CrossEntropyResult cross_entropy(const arma::mat& logits, const std::vector<arma::uword>& targets) {
    require_shapes(targets.size() == logits.n_rows, "cross_entropy", "one target per row of the logits",
                   {"logits", logits}, {"targets", targets.size(), 1});
    if (logits.n_rows == 0) throw InputError("cross_entropy: there are no rows");
    const arma::uword n = logits.n_cols, T = logits.n_rows;
    // the mistake: the largest target allowed is taken as n, not n - 1 (the last column's index)
    const auto largest = std::max_element(targets.begin(), targets.end());
    if (*largest > n)
        throw InputError("cross_entropy: target " + std::to_string(*largest) + " at row " +
                         std::to_string(largest - targets.begin()) + ", but only " + std::to_string(n) + " columns");
    CrossEntropyResult out{0.0, arma::mat(T, n)};
    for (arma::uword r = 0; r < T; ++r) {
        double m = logits(r, 0);
        for (arma::uword j = 1; j < n; ++j) m = std::max(m, logits(r, j));
        double s = 0;
        for (arma::uword j = 0; j < n; ++j) s += std::exp(logits(r, j) - m);
        out.loss += (m + std::log(s) - logits(r, targets[r])) / static_cast<double>(T);
        for (arma::uword j = 0; j < n; ++j)
            out.dlogits(r, j) = (std::exp(logits(r, j) - m) / s - (j == targets[r] ? 1.0 : 0.0)) / static_cast<double>(T);
    }
    return out;
}

}  // namespace attn
