// Wrong on purpose (suite only): d_k = 0 is not refused.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    // the mistake: d_k = 0 is not refused
    // A dot product of d_k terms grows like sqrt(d_k) (chapter 05); dividing by
    // it keeps the scores' spread, and so softmax's gradient, the same for any width.
    return S / std::sqrt(static_cast<double>(d_k));  // (L_Q, L_K)
}

}  // namespace attn
