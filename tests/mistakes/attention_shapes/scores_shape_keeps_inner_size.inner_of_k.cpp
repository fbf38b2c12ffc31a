// Wrong on purpose (suite only): the mistake scores_shape_keeps_inner_size in attention_shapes (the columns of K taken for the scores').
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const Shape K{L_K, d_k};
    AttentionShapes s;
    s.scores = Shape{L_Q, K.cols};  // the mistake: the columns of K^T are K's rows, L_K
    s.weights = Shape{L_Q, L_K};
    s.output = Shape{L_Q, d_v};
    return s;
}
}  // namespace attn
