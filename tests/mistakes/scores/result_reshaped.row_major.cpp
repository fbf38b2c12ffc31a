// Wrong on purpose (suite only): the scores written through memptr() row by row.
// Exercise scores (chapter 04): every query's dot product with every key.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S(Q.n_rows, K.n_rows);
    double* out = S.memptr();
    for (arma::uword i = 0; i < Q.n_rows; ++i)
        for (arma::uword j = 0; j < K.n_rows; ++j) {
            double d = 0.0;
            for (arma::uword c = 0; c < Q.n_cols; ++c) d += Q(i, c) * K(j, c);
            out[i * K.n_rows + j] = d;  // the mistake: Armadillo stores column by column
        }
    return S;
}

}  // namespace attn
