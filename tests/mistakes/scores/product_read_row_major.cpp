// Wrong on purpose (suite only): K read through memptr() as if stored row by row.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows, arma::fill::zeros);
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j)
            for (arma::uword k = 0; k < Q.n_cols; ++k) S(i, j) += Q(i, k) * K.memptr()[j * K.n_cols + k];  // the mistake: K(j, k)
    return S;
}

}  // namespace attn
