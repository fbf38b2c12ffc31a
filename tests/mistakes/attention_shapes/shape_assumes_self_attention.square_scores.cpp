// Wrong on purpose (suite only): the mistake shape_assumes_self_attention in attention_shapes (every token against every token).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    (void)L_K, (void)d_k;
    const Shape square{L_Q, L_Q};  // the mistake: one score per query and KEY, L_Q x L_K
    return AttentionShapes{square, square, Shape{L_Q, d_v}};
}
}  // namespace attn
