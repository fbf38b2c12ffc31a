// Right, written another way (suite only): loops, and each weight as exp(s - log-sum-exp of its row).
#include <algorithm>
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    arma::mat S = scores(Q, K);  // (L_Q, L_K), checks the widths
    const double root = std::sqrt(static_cast<double>(K.n_cols));
    arma::mat A(arma::size(S));
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        double m = -arma::datum::inf;
        for (arma::uword j = 0; j < S.n_cols; ++j) m = std::max(m, S(i, j) / root);
        double total = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += std::exp(S(i, j) / root - m);
        const double lse = m + std::log(total);
        for (arma::uword j = 0; j < S.n_cols; ++j) A(i, j) = std::exp(S(i, j) / root - lse);
    }
    return A;
}

}  // namespace attn
