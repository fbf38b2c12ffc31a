// Wrong on purpose (suite only): the mistake shape_assumes_self_attention in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword, arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = {L_Q, L_Q};  // the mistake: the weights keep the scores' shape, L_Q x L_K
    s.output = {L_Q, d_v};
    return s;
}
}  // namespace attn
