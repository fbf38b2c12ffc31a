// Wrong on purpose (suite only): the mistake weights_shared_by_all_queries in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k, arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = {1, L_K};  // the mistake: one row of weights for every query
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
