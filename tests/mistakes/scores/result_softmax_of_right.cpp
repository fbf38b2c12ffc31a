// Wrong on purpose (suite only): the mistake result_softmax_of_right in scores.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"
namespace attn {
arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    arma::mat S = Q * K.t();
    // the mistake: the scores go through a softmax here, which belongs to the next step
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.row(i).max();
        double total = 0.0;
        for (arma::uword j = 0; j < S.n_cols; ++j) total += (S(i, j) = std::exp(S(i, j) - top));
        S.row(i) /= total;
    }
    return S;
}
}
