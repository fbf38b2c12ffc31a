// Wrong on purpose (suite only): the mistake scores_transpose_misplaced in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

namespace {
Shape product(Shape a, Shape b) {
    if (a.cols != b.rows) return Shape{};
    return Shape{a.rows, b.cols};
}
}  // namespace

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const Shape q{L_Q, d_k}, k{L_K, d_k}, v{L_K, d_v};
    AttentionShapes s;
    s.scores = product(q, k);  // the mistake: K without its transpose
    s.weights = s.scores;
    s.output = product(s.weights, v);
    return s;
}

}  // namespace attn
