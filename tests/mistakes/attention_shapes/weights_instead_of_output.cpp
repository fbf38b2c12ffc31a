// Wrong on purpose (suite only): the output is given the shape of the weights.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 [[maybe_unused]] arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = s.scores;
    s.output = s.weights;  // the mistake: A V is L_Q x d_v
    return s;
}

}  // namespace attn
