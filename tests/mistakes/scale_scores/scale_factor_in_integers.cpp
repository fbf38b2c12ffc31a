// Wrong on purpose (suite only): the factor 1 / d_k worked out in integers.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S * std::sqrt(1 / d_k);  // the mistake: 1 / d_k is integer division, 0 for d_k > 1
}

}  // namespace attn
