// Right, written another way (suite only): each shape read off its product, (rows of the left) x (columns of the right).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const Shape Q{L_Q, d_k}, K_t{d_k, L_K}, V{L_K, d_v};
    const Shape scores{Q.rows, K_t.cols};
    return AttentionShapes{scores, Shape{scores.rows, scores.cols}, Shape{scores.rows, V.cols}};
}

}  // namespace attn
