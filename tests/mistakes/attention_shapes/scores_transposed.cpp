// Wrong on purpose (suite only): the scores are predicted as K Q^T, L_K x L_Q.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_K, L_Q};  // the mistake: one row per key
    s.weights = s.scores;
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
