// Wrong on purpose (suite only): the mistake attention_backward_masks_gradient in attention_backward.
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
                   "A must be L_Q x L_K", {"A", A}, {"scores", Q.n_rows, K.n_rows});
    require_shapes(dZ.n_rows == Q.n_rows && dZ.n_cols == V.n_cols, "attention_backward",
                   "dZ must be L_Q x d_v", {"dZ", dZ}, {"output", Q.n_rows, V.n_cols});
    AttentionGrads g;
    g.dV = A.t() * dZ;
    const arma::mat dA = dZ * V.t();
    arma::mat dS = softmax_rows_backward(A, dA);
    dS = arma::trimatl(dS);  // the mistake: a query only sees the keys up to itself
    dS /= std::sqrt(static_cast<double>(K.n_cols));
    g.dQ = dS * K;
    g.dK = dS.t() * Q;
    return g;
}

}  // namespace attn
