// Wrong on purpose (suite only): multiplied by sqrt(d_k).
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

arma::mat attention_weights(const arma::mat& Q, const arma::mat& K) {
    // d_k is the width of one key: K's column count (not d_model, not L_K).
    const arma::mat S = scores(Q, K) * std::sqrt(static_cast<double>(K.n_cols));  // the mistake  // (L_Q, L_K)
    // Along rows: each query shares out its own attention over the keys.
    return softmax_rows(S);  // (L_Q, L_K)
}

}  // namespace attn
