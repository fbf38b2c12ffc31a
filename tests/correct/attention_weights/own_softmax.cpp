// Right, written another way (suite only): everything inline, a stable softmax with .each_col().
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "attention_weights", "Q and K must have the same width (d_q = d_k)",
                   {"Q", Q}, {"K", K});
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, L_K)
    S.each_col() -= arma::max(S, 1);
    arma::mat E = arma::exp(S);
    E.each_col() /= arma::sum(E, 1);
    return E;
}

}  // namespace attn
