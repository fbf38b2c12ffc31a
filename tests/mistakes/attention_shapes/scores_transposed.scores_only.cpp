// Wrong on purpose (suite only): the scores one row per key; the weights right.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k,
                                 arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_K, L_Q};  // the mistake: Q K^T is L_Q x L_K
    s.weights = {L_Q, L_K};
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
