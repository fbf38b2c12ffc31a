// Wrong on purpose (suite only): sqrt(d_k) subtracted from every score instead of dividing by it.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S - std::sqrt(static_cast<double>(d_k));  // the mistake: a difference where a quotient belongs
}

}  // namespace attn
