// Wrong on purpose (suite only): the output is given the width d_k.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k,
                                 [[maybe_unused]] arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = s.scores;
    s.output = {L_Q, d_k};  // the mistake: d_v sets the width
    return s;
}

}  // namespace attn
