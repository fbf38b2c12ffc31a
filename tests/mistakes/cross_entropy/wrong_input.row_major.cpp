// Wrong on purpose (suite only): the logits read through memptr() as if stored row by row (wrong_input).
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
    CrossEntropyResult out;
    out.dlogits.set_size(T, logits.n_cols);  // (T, n)
    double total = 0;
    for (arma::uword r = 0; r < T; ++r) {
        // the mistake: entry (r, j) read at memptr()[r * n + j], as if stored row by row
        arma::rowvec z(logits.n_cols);
        for (arma::uword j = 0; j < logits.n_cols; ++j) z(j) = logits.memptr()[r * logits.n_cols + j];
        const double m = z.max();
        const arma::rowvec e = arma::exp(z - m);  // every entry in (0, 1], the largest exactly 1
        const double sum = arma::accu(e);
        // -log softmax(z)[t] = m + log sum exp(z - m) - z_t
        total += m + std::log(sum) - z(targets[r]);
        // d loss / d z = softmax(z) - onehot(t), divided by T for the mean
        out.dlogits.row(r) = e / sum;
        out.dlogits(r, targets[r]) -= 1.0;
    }
    out.loss = total / static_cast<double>(T);
    out.dlogits /= static_cast<double>(T);
    return out;
}

}  // namespace attn
