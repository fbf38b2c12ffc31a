// 09_multi_head_attention.hpp: the exercise contracts of chapter 09
// (chapters/09_multi_head_attention): h attentions side by side, each on its
// own slice of the projections.
//
// Rows are tokens, columns are features.
// Dimension legend:
//   L_Q = query positions   L_K = key (and value) positions   h = heads
//   d_model = token width   d_k = one head's query/key width = d_model / h (usually)
//   d_v = one head's value width
// A multi-head projection W_q is d_model x (h d_k): its columns, d_k at a time,
// are the heads' own W_q. So Q = X W_q holds every head's queries side by side.
#pragma once

#include <armadillo>
#include <vector>

#include "contracts/06_shape_rules.hpp"

namespace attn {

// Cut M into `heads` equal blocks of columns: part i is columns
// i*w .. (i+1)*w - 1, where w = M.n_cols / heads. Rows are untouched.
// Shapes:  M L x (h w) -> h matrices L x w.
// Throws:  InputError when heads is 0; ShapeError "split_heads: the width must
//          split evenly into the heads (d_model = h d_k); got M 3x10 and heads 1x4"
//          (the heads shown as a 1 x h shape).
// Chapter: 09 (exercise split_heads)
std::vector<arma::mat> split_heads(const arma::mat& M, arma::uword heads);

// The inverse of split_heads: the parts side by side, part 0 leftmost.
// Shapes:  h matrices L x w_i (the same L) -> L x (w_0 + ... + w_{h-1}).
// Throws:  InputError when parts is empty; ShapeError "concat_heads: every head
//          must have the same number of rows (L); got part 0 3x4 and part 1 2x4".
// Chapter: 09 (exercise concat_heads)
arma::mat concat_heads(const std::vector<arma::mat>& parts);

// What one multi-head call computes.
struct MultiHeadResult {
    std::vector<arma::mat> weights;  // one per head, L_Q x L_K each
    arma::mat concat;                // the heads' outputs side by side, L_Q x (h d_v)
    arma::mat output;                // concat W_o, L_Q x d_model
};

// Multi-head attention:
//   Q = X_q W_q, K = X_kv W_k, V = X_kv W_v                  (chapter 02's project)
//   Q_i, K_i, V_i = split_heads(Q), split_heads(K), split_heads(V)
//   head_i = scaled_dot_product_attention(Q_i, K_i, V_i, mask)   (chapter 06), so
//            every head divides by the square root of ITS width d_k = W_q.n_cols / h,
//            not of d_model
//   output = concat_heads(head_0 .. head_{h-1}) W_o
// Self-attention passes the same matrix as X_q and X_kv; cross-attention the
// decoder's rows as X_q and the encoder's as X_kv; a decoder's self-attention
// adds causal_mask(L) (chapter 07). The one mask applies to every head.
// Shapes:  X_q L_Q x d_model, X_kv L_K x d_model, W_q and W_k d_model x (h d_k),
//          W_v d_model x (h d_v), W_o (h d_v) x d_model, mask L_Q x L_K or empty
//          -> weights h x (L_Q x L_K), concat L_Q x (h d_v), output L_Q x d_model.
// Throws:  InputError when heads is 0; ShapeError naming the two matrices when
//          X_q or X_kv is not as wide as the projections are tall, when W_q and
//          W_k differ in width, when a projection's width does not split into
//          the heads, or when W_o does not have one row per column of concat
//          (the message gives W_o and W_v, or W_o and concat as L_Q x (h d_v));
//          the chapter 06 rules for the mask.
// Chapter: 09 (exercise multi_head_attention)
MultiHeadResult multi_head_attention(const arma::mat& X_q, const arma::mat& X_kv, const arma::mat& W_q,
                                     const arma::mat& W_k, const arma::mat& W_v, const arma::mat& W_o,
                                     arma::uword heads, const arma::mat& mask = arma::mat());

}  // namespace attn
