// Wrong on purpose (suite only): the scores divided by d_k, a step early and by the wrong amount.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    return Q * K.t() / static_cast<double>(K.n_cols);  // the mistake: scores returns the raw Q K^T
}

}  // namespace attn
