// Wrong on purpose (suite only): the mistake loop_bound_of_another_size in scores.
// Each dot product runs over as many features as there are keys.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows;
    arma::mat S(L_Q, L_K);
    for (arma::uword i = 0; i < L_Q; ++i)
        for (arma::uword j = 0; j < L_K; ++j) {
            double dot = 0.0;
            for (arma::uword c = 0; c < L_K; ++c) dot += Q(i, c) * K(j, c);  // the mistake: c < d_k, Q.n_cols
            S(i, j) = dot;
        }
    return S;
}

}  // namespace attn
