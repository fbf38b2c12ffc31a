// Wrong on purpose (suite only): each score a dot product of a row of Q with a column of K.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j)
            S(i, j) = arma::dot(Q.row(i), K.col(j));  // the mistake: key j is K.row(j)
    return S;
}

}  // namespace attn
