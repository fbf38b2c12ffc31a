// Wrong on purpose (suite only): the output given V's shape.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = s.scores;
    s.output = {L_K, d_v};  // the mistake: one row per query, L_Q
    return s;
}

}  // namespace attn
