// Wrong on purpose (suite only): the mistake scaled_after_softmax in attention_weights.
// By loops: a stable softmax of the raw dot products, each weight then divided by sqrt(d_k).
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "attention_weights", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    const double root = std::sqrt(static_cast<double>(K.n_cols));
    arma::mat A(Q.n_rows, K.n_rows);
    for (arma::uword i = 0; i < Q.n_rows; ++i) {
        arma::rowvec s(K.n_rows);
        for (arma::uword j = 0; j < K.n_rows; ++j) s(j) = arma::dot(Q.row(i), K.row(j));
        const arma::rowvec e = arma::exp(s - s.max());
        for (arma::uword j = 0; j < K.n_rows; ++j) A(i, j) = e(j) / arma::accu(e) / root;  // the mistake: after exp
    }
    return A;
}

}  // namespace attn
