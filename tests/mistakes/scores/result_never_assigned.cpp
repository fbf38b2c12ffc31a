// Wrong on purpose (suite only): the scores are computed into a local and the result that
// is returned was never given them.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    arma::mat S;
    {
        arma::mat S = Q * K.t();  // the mistake: a second S, local to this block
        (void)S;
    }
    return S;
}

}  // namespace attn
