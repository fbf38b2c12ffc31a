// Wrong on purpose (suite only): the product kept in a static, made again only when the shape changes.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    static arma::mat cache;  // the mistake
    if (cache.n_rows != Q.n_rows || cache.n_cols != K.n_rows) cache = Q * K.t();
    return cache;
}

}  // namespace attn
