// Wrong on purpose (suite only): the weights' shape is never set.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    // the mistake: s.weights is left at 0x0
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
