// Wrong on purpose (suite only): the mistake output_shape_transposed in attention_shapes (the fields set one by one, columns first).
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    (void)d_k;  // used up inside Q K^T
    AttentionShapes s;
    s.scores.rows = L_Q;
    s.scores.cols = L_K;
    s.weights = s.scores;
    s.output.rows = d_v;  // the mistake: the output's rows are the queries, L_Q
    s.output.cols = L_Q;  // and its columns the width of a value, d_v
    return s;
}
}  // namespace attn
