// Wrong on purpose (suite only): one weight per query.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 arma::uword d_v) {
    AttentionShapes s;
    // (L_Q x d_k)(d_k x L_K): d_k is the inner dimension and disappears.
    s.scores = {L_Q, L_K};
    // softmax works inside each row and keeps the shape.
    s.weights = {L_Q, 1};  // the mistake: one weight per key
    // (L_Q x L_K)(L_K x d_v): L_K is used up; d_v sets the width.
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
