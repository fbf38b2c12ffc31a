// 08_encoder_decoder.hpp: the exercise contracts of chapter 08, the four pieces of the encoder–decoder a
// learner writes. The model around them (layers, training, checkpoints) is in
// src/model/model.hpp; it calls these functions, so `./course run 08 --mine` trains
// on the learner's own code.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L_Q = query positions   L_K = key (and value) positions
//   d_k = width of one query and one key   d_v = width of one value
// Gradients: for any matrix M, dM is the gradient of the loss with respect to
// M, with the shape of M.
#pragma once

#include <armadillo>
#include <cstddef>
#include <functional>
#include <vector>

#include "contracts/07_cross_attention.hpp"

namespace attn {

// The decoder's self-attention: masked_attention (chapter 07) with the causal
// mask, so that position i reads positions 0..i only. The weights come back
// too: the backward pass (attention_backward) needs them.
// Shapes:  Q L x d_k, K L x d_k, V L x d_v -> weights L x L (zero above the diagonal), output L x d_v.
// Throws:  ShapeError "causal_attention_pass: causal self-attention reads one sequence, so Q and K
//          need the same length (L_Q = L_K); got Q 3x4 and K 5x4", and the chapter 06 rules.
// Chapter: 08 (exercise causal_attention_pass)
AttentionResult causal_attention_pass(const arma::mat& Q, const arma::mat& K, const arma::mat& V);

// The backward pass of softmax_rows, for every row at once.
// With A = softmax_rows(S) and dA the gradient arriving at A, each row i gives
//   dS_i = J_i dA_i = A_i % (dA_i - (A_i . dA_i))       (chapter 03's softmax_jvp, per row)
// Masked entries (A = 0) get a gradient of exactly 0; a fully masked row (all
// zeros) gets a row of zeros.
// Shapes:  A L_Q x L_K, dA L_Q x L_K -> dS L_Q x L_K.
// Throws:  ShapeError when A and dA differ in shape.
// Chapter: 08 (exercise softmax_rows_backward)
arma::mat softmax_rows_backward(const arma::mat& A, const arma::mat& dA);

// Gradients of one attention call with respect to its three inputs.
struct AttentionGrads {
    arma::mat dQ;  // L_Q x d_k
    arma::mat dK;  // L_K x d_k
    arma::mat dV;  // L_K x d_v
};

// The backward pass of Z = softmax(Q K^T / sqrt(d_k) [+ mask]) V, given the
// weights A the forward pass kept and the gradient dZ arriving at the output.
// A mask needs no special care: it is a constant, and its zeros in A carry
// through softmax_rows_backward.
// Shapes:  Q L_Q x d_k, K L_K x d_k, V L_K x d_v, A L_Q x L_K, dZ L_Q x d_v.
// Throws:  ShapeError when A is not L_Q x L_K or dZ is not L_Q x d_v (and the chapter 06 rules).
// Chapter: 08 (exercise attention_backward)
AttentionGrads attention_backward(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& A,
                                  const arma::mat& dZ);

// Scores for the next token, given the tokens produced so far (the first one is
// always the begin token). One entry per vocabulary word.
using NextTokenScores = std::function<arma::rowvec(const std::vector<arma::uword>& prefix)>;

// Greedy decoding: start from {begin}; repeatedly ask next_scores for the scores
// of the next token and append the highest-scoring one; stop when that token is
// `end`, or when max_len tokens have been produced.
// Returns: the produced tokens, without the begin token and without the end token.
// Throws:  InputError when next_scores returns an empty row.
// Chapter: 08 (exercise greedy_decode)
std::vector<arma::uword> greedy_decode(const NextTokenScores& next_scores, arma::uword begin, arma::uword end,
                                       std::size_t max_len);

}  // namespace attn
