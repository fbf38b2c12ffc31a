// Wrong on purpose (suite only): the mistake scores_transpose_misplaced in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    AttentionShapes s;
    // Q (L_Q x d_k) times K (L_K x d_k): inner sizes d_k and L_K
    if (d_k == L_K) s.scores = {L_Q, d_k};  // the mistake: the product Q K, K without its transpose
    s.weights = s.scores;
    s.output = {s.weights.rows, d_v};
    return s;
}

}  // namespace attn
