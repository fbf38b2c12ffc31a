// Right, written another way (suite only): the shapes of a real call on matrices of zeros.
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionShapes attention_shapes(arma::uword L_Q, arma::uword L_K, arma::uword d_k, arma::uword d_v) {
    const arma::mat Q(L_Q, d_k, arma::fill::zeros), K(L_K, d_k, arma::fill::zeros), V(L_K, d_v, arma::fill::zeros);
    const arma::mat S = Q * K.t();
    const arma::mat Z = S * V;
    AttentionShapes s;
    s.scores = {S.n_rows, S.n_cols};
    s.weights = s.scores;
    s.output = {Z.n_rows, Z.n_cols};
    return s;
}

}  // namespace attn
