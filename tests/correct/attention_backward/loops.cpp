// Right, written another way (suite only): every product by loops, row by row.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionGrads attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& A,
                                  const arma::mat& dZ) {
    require_shapes(Q.n_cols == K.n_cols, "attention_backward", kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, "attention_backward", kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(A.n_rows == Q.n_rows && A.n_cols == K.n_rows, "attention_backward",
                   "the weights must have one entry per query and key (L_Q x L_K)", {"A", A},
                   {"scores", Q.n_rows, K.n_rows});
    require_shapes(dZ.n_rows == Q.n_rows && dZ.n_cols == V.n_cols, "attention_backward",
                   "dZ must have the shape of the output (L_Q x d_v)", {"dZ", dZ}, {"output", Q.n_rows, V.n_cols});
    const double root = std::sqrt(static_cast<double>(K.n_cols));
    const arma::uword L_Q = Q.n_rows, L_K = K.n_rows, d_k = K.n_cols, d_v = V.n_cols;
    AttentionGrads g;
    g.dQ.zeros(L_Q, d_k);
    g.dK.zeros(L_K, d_k);
    g.dV.zeros(L_K, d_v);
    for (arma::uword i = 0; i < L_Q; ++i) {
        arma::rowvec dA(L_K, arma::fill::zeros);
        for (arma::uword j = 0; j < L_K; ++j)
            for (arma::uword c = 0; c < d_v; ++c) dA(j) += dZ(i, c) * V(j, c), g.dV(j, c) += A(i, j) * dZ(i, c);
        double dot = 0;
        for (arma::uword j = 0; j < L_K; ++j) dot += A(i, j) * dA(j);
        for (arma::uword j = 0; j < L_K; ++j) {
            const double dS = A(i, j) * (dA(j) - dot) / root;
            for (arma::uword c = 0; c < d_k; ++c) g.dQ(i, c) += dS * K(j, c), g.dK(j, c) += dS * Q(i, c);
        }
    }
    return g;
}

}  // namespace attn
