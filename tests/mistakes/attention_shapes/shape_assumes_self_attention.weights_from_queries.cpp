// Wrong on purpose (suite only): the mistake shape_assumes_self_attention in attention_shapes (the weights sized by the queries twice).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const Shape Q{L_Q, d_k}, K_t{d_k, L_K};
    AttentionShapes s;
    s.scores = Shape{Q.rows, K_t.cols};
    s.weights = Shape{Q.rows, Q.rows};  // the mistake: the softmax keeps the scores' shape, {Q.rows, K_t.cols}
    s.output = Shape{Q.rows, d_v};
    return s;
}
}  // namespace attn
