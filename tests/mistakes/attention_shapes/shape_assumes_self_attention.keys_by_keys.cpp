// Wrong on purpose (suite only): the weights as a square table of the keys by the keys.
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, [[maybe_unused]] arma::uword d_k, arma::uword d_v) {
    AttentionShapes s;
    s.scores = {L_Q, L_K};
    s.weights = {L_K, L_K};  // the mistake: the weights keep the scores' shape, L_Q x L_K
    s.output = {L_Q, d_v};
    return s;
}

}  // namespace attn
