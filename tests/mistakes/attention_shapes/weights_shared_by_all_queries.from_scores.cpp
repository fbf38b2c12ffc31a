// Wrong on purpose (suite only): the mistake weights_shared_by_all_queries in attention_shapes.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword /*d_k*/, arma::uword d_v) {
    const Shape scores{L_Q, L_K};
    // the mistake: the softmax taken as one distribution over the keys, a single row
    const Shape weights{1, scores.cols};
    return {scores, weights, Shape{L_Q, d_v}};
}

}  // namespace attn
