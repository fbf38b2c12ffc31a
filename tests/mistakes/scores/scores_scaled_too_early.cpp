// Wrong on purpose (suite only): the scores are divided by sqrt(d_k) already.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q},
                   {"K", K});
    return Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // the mistake: that is scale_scores' job
}

}  // namespace attn
