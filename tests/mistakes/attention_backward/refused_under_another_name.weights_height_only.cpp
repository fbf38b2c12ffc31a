// Wrong on purpose (suite only): A's height checked against Q, its width never against K.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "contracts/11_training.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionGrads attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& A,
                                  const arma::mat& dZ) {
    require_shapes(Q.n_cols == K.n_cols, "attention_backward", kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, "attention_backward", kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(A.n_rows == Q.n_rows,  // the mistake: A's width never checked
                   "attention_backward",
                   "the weights must have one entry per query and key (L_Q x L_K)", {"A", A},
                   {"scores", Q.n_rows, K.n_rows});
    require_shapes(dZ.n_rows == Q.n_rows && dZ.n_cols == V.n_cols, "attention_backward",
                   "dZ must have the shape of the output (L_Q x d_v)", {"dZ", dZ}, {"output", Q.n_rows, V.n_cols});
    AttentionGrads g;
    // forward: Z = A V                      -> dA = dZ V^T,  dV = A^T dZ
    g.dV = A.t() * dZ;                       // (L_K, d_v)
    const arma::mat dA = dZ * V.t();         // (L_Q, L_K)
    // forward: A = softmax_rows(S)          -> dS = softmax_rows_backward(A, dA)
    // forward: S = Q K^T / sqrt(d_k) + mask -> the mask is a constant; the scale carries through
    arma::mat dS = softmax_rows_backward(A, dA);    // (L_Q, L_K)
    dS /= std::sqrt(static_cast<double>(K.n_cols));  // in place: no second matrix
    // forward: Q K^T                        -> dQ = dS K,  dK = dS^T Q
    g.dQ = dS * K;                           // (L_Q, d_k)
    g.dK = dS.t() * Q;                       // (L_K, d_k)
    return g;
}

}  // namespace attn
