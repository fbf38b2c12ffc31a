// Wrong on purpose (suite only): the mistake loop_misses_the_last_index in scores.
// The query loop bounded by n_rows - 1, the dot products written out.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows, arma::fill::zeros);  // (L_Q, L_K)
    for (arma::uword i = 0; i < Q.n_rows - 1; ++i)  // the mistake: the last query's row stays 0
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double s = 0;
            for (arma::uword c = 0; c < Q.n_cols; ++c) s += Q(i, c) * K(j, c);
            S(i, j) = s;
        }
    return S;
}

}  // namespace attn
