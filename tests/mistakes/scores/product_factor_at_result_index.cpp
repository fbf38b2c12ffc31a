// Wrong on purpose (suite only): Q read at the key's index j instead of the sum's k.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j)
            for (arma::uword k = 0; k < Q.n_cols; ++k) S(i, j) += Q(i, j) * K(j, k);  // the mistake: Q(i, j)
    return S;
}

}  // namespace attn
