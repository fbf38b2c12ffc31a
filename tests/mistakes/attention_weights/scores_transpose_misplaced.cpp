// Wrong on purpose (suite only): the scores written as Q.t() * K.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    require_shapes(Q.n_cols == K.n_cols, "attention_weights", "Q and K must have the same width (d_q = d_k)",
                   {"Q", Q}, {"K", K});
    const arma::mat S = Q.t() * K / std::sqrt(static_cast<double>(K.n_cols));  // the mistake: Q.t(), not K.t()
    return softmax_rows(S);
}

}  // namespace attn
