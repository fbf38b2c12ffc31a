// Right, written another way (suite only): multiplied by 1 / sqrt(d_k).
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k < 1) throw InputError("scale_scores: d_k must be at least 1; got " + std::to_string(d_k));
    const double factor = 1.0 / std::sqrt(static_cast<double>(d_k));
    return factor * S;  // (L_Q, L_K)
}

}  // namespace attn
