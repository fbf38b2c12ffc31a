// Wrong on purpose (suite only): the mistake output_shape_transposed in attention_shapes (the output read off V^T A^T).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const Shape Q{L_Q, d_k}, K_t{d_k, L_K}, V_t{d_v, L_K};
    const Shape scores{Q.rows, K_t.cols};
    const Shape A_t{scores.cols, scores.rows};
    return AttentionShapes{scores, scores, Shape{V_t.rows, A_t.cols}};  // the mistake: V^T A^T is the output transposed
}

}  // namespace attn
