// kernels.hpp: the library's own attention kernel, for measurements.
//
// Not an exercise: chapter 01 times it against the recurrent loop, and the
// benchmark compares it with its two matrix products. The teaching version a
// learner writes is scaled_dot_product_attention (chapters 04 to 07).
//
// Rows are tokens, columns are features.
//   L_Q = query positions, L_K = key positions, d_k = query/key width, d_v = value width
#pragma once

#include <armadillo>

namespace attn::kernels {

// softmax(Q K^T / sqrt(d_k)) V, numerically stable (each row's maximum is
// subtracted before exp).
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v -> L_Q x d_v.
// Throws:  ShapeError when d_q != d_k or L_K != L_V.
arma::mat attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V);

}  // namespace attn::kernels
