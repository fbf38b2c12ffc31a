// Wrong on purpose (suite only): the scores are worked out on the first call and kept,
// so every later call returns the first call's Q K^T, whatever Q and K it is given.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    static const arma::mat S = Q * K.t();  // the mistake: set once, on the first call
    return S;
}

}  // namespace attn
