// Wrong on purpose (suite only): the mistake output_shape_transposed in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword, arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = s.scores;
    s.output = {d_v, L_Q};  // the mistake: {rows, cols} is {L_Q, d_v}
    return s;
}
}  // namespace attn
