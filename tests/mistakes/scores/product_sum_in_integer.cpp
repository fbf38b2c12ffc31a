// Wrong on purpose (suite only): each score is summed in an int, so every += cuts it to a
// whole number.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            int s = 0;  // the mistake: the total in an int
            for (arma::uword c = 0; c < Q.n_cols; ++c) s += Q(i, c) * K(j, c);
            S(i, j) = s;
        }
    return S;
}

}  // namespace attn
