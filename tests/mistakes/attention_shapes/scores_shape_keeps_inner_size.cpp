// Wrong on purpose (suite only): the mistake scores_shape_keeps_inner_size in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, d_k};  // the mistake: d_k is used up by Q K^T; the scores are L_Q x L_K
    s.weights = {L_Q, L_K};
    s.output = {L_Q, d_v};
    return s;
}
}  // namespace attn
