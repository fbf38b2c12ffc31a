// multi_head_attention_lab.hpp: chapter 09's examples around multi-head attention.
//
// Rows are tokens, columns are features.
// Dimension legend: L_Q = query positions, L_K = key positions, h = heads,
// d_model = token width, d_k = one head's query/key width, d_v = one head's value width.
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "contracts/09_multi_head_attention.hpp"
#include "core/plot.hpp"

namespace attn::multi_head_attention_lab {

// The running example cut into two heads: "I love LLMs" (X, 3x4) and the
// tutorial's own W_q, W_k, W_v (4x4 each), read as 2 heads of width d_k = d_v = 2
// (head 0 owns columns 0-1 of every projection, head 1 columns 2-3), and a small
// whole-number W_o (4x4) that mixes the two heads into every output column.
struct Example {
    std::vector<std::string> tokens;  // I, love, LLMs
    arma::mat X;                      // 3x4
    arma::mat W_q, W_k, W_v;          // 4x4 each: h d_k = h d_v = 4
    arma::mat W_o;                    // 4x4: (h d_v) x d_model
    arma::uword heads = 2;
};
Example example();

// Each head's weights with its scores divided by sqrt(divide_by) instead of
// by sqrt(d_k): chapter 04's scores and scale_scores, then chapter 03's
// softmax_rows, on the heads' slices of X_q W_q and X_kv W_k. With divide_by =
// d_k these are the weights multi_head_attention returns; with divide_by =
// d_model they are what the common slip gives.
// Shapes:  X_q L_Q x d_model, X_kv L_K x d_model, W_q and W_k d_model x (h d_k)
//          -> h matrices L_Q x L_K.
// Throws:  InputError when heads or divide_by is 0; ShapeError as multi_head_attention.
std::vector<arma::mat> head_weights_divided_by(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                               const arma::mat& W_k, arma::uword heads, arma::uword divide_by);

// The largest weight of each row of A: 1 when a query looks at one key only,
// 1 / L_K when it spreads evenly. Shapes: A L_Q x L_K -> L_Q entries.
arma::colvec peak_weights(const arma::mat& A);

// Multiply-adds of the attention itself (scores Q K^T and the product A V),
// summed over the heads: h L_Q L_K (d_k + d_v). The projections are left out;
// they cost the same whatever h is.
double attention_multiply_adds(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v, arma::uword heads);

// The largest |a - b| over every entry (a and b of one shape).
// Throws:  ShapeError when the shapes differ.
double largest_difference(const arma::mat& a, const arma::mat& b);

// Every head's weights, side by side: one heatmap per head, colours on [0, 1],
// the numbers in the cells; queries down, keys across.
plot::Figure heads_figure(const std::string& title, const std::vector<arma::mat>& weights,
                          const std::vector<std::string>& queries, const std::vector<std::string>& keys);

}  // namespace attn::multi_head_attention_lab
