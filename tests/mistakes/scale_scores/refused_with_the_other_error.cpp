// Wrong on purpose (suite only): d_k = 0 refused as a ShapeError.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw ShapeError("scale_scores: d_k must be at least 1; got 0");  // the mistake: an InputError
    return S / std::sqrt(static_cast<double>(d_k));  // (L_Q, L_K)
}

}  // namespace attn
