// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in scale_scores.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    const double root = std::ceil(std::sqrt(static_cast<double>(d_k)));  // the mistake: the root rounded up
    return S / root;
}

}  // namespace attn
