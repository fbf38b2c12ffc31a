// cross_attention_lab.hpp: chapter 07's examples around the two wirings and the mask.
//
// Rows are tokens, columns are features (legend in contracts/06_shape_rules.hpp).
#pragma once

#include <armadillo>
#include <string>
#include <vector>

#include "contracts/07_cross_attention.hpp"
#include "core/plot.hpp"

namespace attn::cross_attention_lab {

// A translation caught early: the encoder has read a 4-token English source,
// the decoder has produced 2 tokens of French so far. The weights are the
// worked example's (4x4), so every number stays small.
struct Translation {
    std::vector<std::string> source;  // 4 tokens
    std::vector<std::string> target;  // 2 tokens written so far
    arma::mat H_enc;                  // 4x4: the encoder's output, one row per source token
    arma::mat X_dec;                  // 2x4: the decoder's input, one row per target token
    arma::mat W_q, W_k, W_v;          // 4x4 each
};
Translation translation_example();

// Self-attention of X under the causal mask (decoder self-attention): the
// projections of self_attention, then masked_attention with causal_mask.
// Shapes:  X L x d_model -> weights L x L (zero above the diagonal), output L x d_v.
AttentionResult causal_self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k,
                                      const arma::mat& W_v);

// What changes when row `position` of X is replaced by `new_row`.
struct Change {
    double earlier_rows = 0;  // largest |change| in output rows 0 .. position-1
    double changed_row = 0;   // largest |change| in output row `position`
};
Change change_one_token(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v,
                        arma::uword position, const arma::rowvec& new_row, bool causal);

// Heatmap of a weight matrix, labelled by tokens (queries down, keys across).
plot::Figure weights_figure(const std::string& title, const arma::mat& A, const std::vector<std::string>& queries,
                            const std::vector<std::string>& keys);

}  // namespace attn::cross_attention_lab
