// Wrong on purpose (suite only): a softmax of its own whose total is never set back to 0.
// Exercise attention_weights (chapter 04): softmax of the scaled scores.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    const arma::mat S = scale_scores(scores(Q, K), K.n_cols);  // (L_Q, L_K)
    arma::mat A(arma::size(S));
    double total = 0.0;  // the mistake: declared once, outside the loop over the rows
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.row(i).max();
        for (arma::uword j = 0; j < S.n_cols; ++j) total += A(i, j) = std::exp(S(i, j) - top);
        A.row(i) /= total;
    }
    return A;
}

}  // namespace attn
