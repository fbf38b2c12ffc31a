// Wrong on purpose (suite only): the mistake scores_shape_keeps_inner_size in attention_shapes (the weights copied from the scores).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    (void)L_K;
    const Shape Q{L_Q, d_k};
    const Shape scores = Q;  // the mistake: Q K^T keeps Q's rows but takes K^T's columns, L_K
    return AttentionShapes{scores, scores, Shape{L_Q, d_v}};
}
}  // namespace attn
