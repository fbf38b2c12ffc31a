// A deliberately wrong scaled_dot_product_attention: the scale 1/sqrt(d_k) is
// 1e-4 too large, a slip no shape test and no 2-decimal figure would see.
// tests/chapter12.cmake links it in place of the reference solution into
// the parity test, which must then fail and name the logits as the first tensor
// that differs from PyTorch's (ch12.parity_catches_a_wrong_attention_scale).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    arma::mat S = Q * K.t();                                      // (L_Q, L_K)
    S *= 1.0 / std::sqrt(static_cast<double>(K.n_cols)) + 1e-4;  // the slip: + 1e-4
    if (mask.n_rows != 0 || mask.n_cols != 0) S += mask;          // (L_Q, L_K)
    AttentionResult r;
    r.weights = softmax_rows(S);  // (L_Q, L_K)
    r.output = r.weights * V;     // (L_Q, d_v)
    return r;
}

}  // namespace attn
