// layers.hpp: the layers of chapter 12's encoder–decoder for training, each a
// forward pass that keeps what its backward pass needs and a backward pass that
// adds into its parameters' gradients (see src/model/layers.cpp). Every forward
// pass is made of a chapter's functions (08 positions; 02, 06 and 09 attention,
// wired as 09's multi_head_attention but over the whole batch; 10 layer norm and
// feed-forward); the blocks wire them exactly as chapter 10's encoder_block and
// decoder_block do, which the model's inference path calls.
//
// Rows are tokens, columns are features. A batch is one tall matrix holding
// every token of every sequence (no padding); Segments says where each
// sequence's rows are. Attention runs sequence by sequence (and head by head) on those rows.
// Dimension legend:
//   T = tokens in the batch (all sequences stacked)   L = tokens in one sequence
//   T_q, T_kv = tokens on the query side and on the key/value side of a layer
//   d_model = token width   h = heads   d_k = one head's query/key width
//   d_v = one head's value width   d_ff = feed-forward width   n_vocab = vocabulary size
// Gradients: dM is the gradient of the loss with respect to M, shaped like M.
// A backward pass takes the same inputs as its forward pass (the caller keeps
// them) and is valid only right after that forward pass.
#pragma once

#include <armadillo>
#include <cstddef>
#include <vector>

#include "model/parameters.hpp"

namespace attn::model {

// Where each sequence's rows start in the batch's tall matrix, and how many it has.
struct Segments {
    std::vector<arma::uword> start, length;
    arma::uword total = 0;
    void add(arma::uword n);
    std::size_t count() const { return start.size(); }
    // Rows of sequence i of M: (length[i], M.n_cols).
    arma::mat rows_of(const arma::mat& M, std::size_t i) const;
    // The same into `out`, whose memory is reused when it already has that shape.
    void copy_rows(const arma::mat& M, std::size_t i, arma::mat& out) const;
    // Writes `part` (length[i], M.n_cols) over the rows of sequence i of M.
    void put_rows(arma::mat& M, std::size_t i, const arma::mat& part) const;
};

// out = multi_head_attention(X_q, X_kv, W_q, W_k, W_v, W_o, h [, causal mask])
// (chapter 09), wired as that function wires it but once for the whole batch:
// project (chapter 02) on every row at once, split_heads once, then
// scaled_dot_product_attention (chapter 06) per sequence and head, with
// causal_mask (chapter 07) for the decoder's self-attention, concat_heads once
// and W_o on every row. (The inference path calls multi_head_attention itself,
// through chapter 10's blocks.) The backward pass cuts the gradient at the
// heads' outputs with split_heads, runs attention_backward (chapter 11) on each
// sequence's head, and puts the heads' gradients side by side with concat_heads.
struct AttentionLayer {
    enum class Kind { self, causal_self, cross };
    explicit AttentionLayer(Kind k = Kind::self) : kind(k) {}
    Kind kind;
    arma::uword heads = 1;
    // cache of the last forward pass, per sequence and head: that sequence's
    // rows of the head's projections, and its weights
    std::vector<std::vector<arma::mat>> Q, K, V;  // (L_q, d_k), (L_kv, d_k), (L_kv, d_v)
    std::vector<std::vector<arma::mat>> A;        // (L_q, L_kv)
    arma::mat concat;                             // (T_q, h d_v): every sequence's heads' outputs, stacked
    // per head, the whole batch's rows: reused from step to step
    std::vector<arma::mat> work_Z, work_dQ, work_dK, work_dV;  // (T_q, d_v), (T_q, d_k), (T_kv, d_k), (T_kv, d_v)

    // Self kinds read one input: pass it as both x_q and x_kv (and seg twice).
    arma::mat forward(const AttentionParams& P, const arma::mat& x_q, const Segments& seg_q, const arma::mat& x_kv,
                      const Segments& seg_kv);  // (T_q, d_model)
    // Returns d x_q; for cross-attention also adds d x_kv into d_kv (for the
    // self kinds the gradient at the one input is all in the result).
    arma::mat backward(AttentionParams& P, const arma::mat& d_out, const arma::mat& x_q, const Segments& seg_q,
                       const arma::mat& x_kv, const Segments& seg_kv, arma::mat& d_kv);
};

// y = gain % (x - mean) / sqrt(var + eps) + bias, row by row: chapter 10's
// layer_norm forward and layer_norm_backward backward.
struct LayerNorm {
    arma::mat xhat;        // (T, d_model): x normalised, before gain and bias
    arma::colvec inv_std;  // (T): 1 / sqrt(var + eps) of each row
    arma::mat forward(const NormParams& P, const arma::mat& x);  // (T, d_model)
    arma::mat backward(NormParams& P, const arma::mat& dy);      // (T, d_model)
};

// y = relu(x W_1 + b_1) W_2 + b_2: chapter 10's feed_forward; its backward pass here.
struct FeedForward {
    arma::mat H;  // (T, d_ff): relu(x W_1 + b_1)
    arma::mat forward(const FeedForwardParams& P, const arma::mat& x);                       // (T, d_model)
    arma::mat backward(FeedForwardParams& P, const arma::mat& dy, const arma::mat& x);       // (T, d_model)
};

// h = norm1(x + self_attention(x)),  out = norm2(h + ff(h))
struct EncoderBlock {
    AttentionLayer self;
    LayerNorm norm1, norm2;
    FeedForward ff;
    arma::mat x, h;  // (T, d_model) each: the block's input, and the output of its first half
    // `in` is kept as x (moved in when the caller hands over a temporary or std::move).
    arma::mat forward(const EncoderBlockParams& P, arma::mat in, const Segments& seg);  // (T, d_model)
    arma::mat backward(EncoderBlockParams& P, const arma::mat& d_out, const Segments& seg);    // (T, d_model)
};

// h1 = norm1(y + causal_self(y)),  h2 = norm2(h1 + cross(h1, enc)),  out = norm3(h2 + ff(h2))
struct DecoderBlock {
    AttentionLayer self{AttentionLayer::Kind::causal_self};
    AttentionLayer cross{AttentionLayer::Kind::cross};
    LayerNorm norm1, norm2, norm3;
    FeedForward ff;
    arma::mat y, h1, h2;  // (T_tgt, d_model) each
    // `in` is kept as y (moved in when the caller hands over a temporary or std::move).
    arma::mat forward(const DecoderBlockParams& P, arma::mat in, const Segments& seg, const arma::mat& enc,
                      const Segments& enc_seg);  // (T_tgt, d_model)
    // Returns d y; adds the gradient at enc into d_enc.
    arma::mat backward(DecoderBlockParams& P, const arma::mat& d_out, const Segments& seg, const arma::mat& enc,
                       const Segments& enc_seg, arma::mat& d_enc);
};

// X[r] = E[token_r] * sqrt(d_model) + PE[position of row r in its sequence]:
// the positions through chapter 08's add_positions, one sequence at a time.
// PE must have a row for the longest sequence (chapter 08's positional_encoding).
// Throws: InputError for a token id outside the vocabulary.
arma::mat embed_tokens(const arma::mat& E, const arma::mat& PE, const std::vector<arma::uword>& tokens,
                       const Segments& seg);  // (T, d_model)
// Forward was X[r] = E[token_r] * sqrt(d_model) + PE[...], so dE[token_r] += dX[r] * sqrt(d_model).
void embed_backward(Tensor& E, const std::vector<arma::uword>& tokens, const arma::mat& dX);

}  // namespace attn::model
