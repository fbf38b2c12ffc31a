// Wrong on purpose (suite only): d_k = 1 refused as if it left nothing to divide by.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k <= 1) throw InputError("scale_scores: d_k must be more than 1");  // the mistake: d_k == 0 alone
    return S / std::sqrt(static_cast<double>(d_k));
}

}  // namespace attn
