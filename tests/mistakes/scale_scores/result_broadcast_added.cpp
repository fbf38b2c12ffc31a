// Wrong on purpose (suite only): chapter 03's shift by the row's maximum, brought along into the scaling.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    arma::mat scaled = S / std::sqrt(static_cast<double>(d_k));
    scaled.each_col() -= arma::max(scaled, 1);  // the mistake: the softmax does this shift; these are still scores
    return scaled;
}

}  // namespace attn
