// Wrong on purpose (suite only): std::pow(d_k, 1 / 2), where 1 / 2 is 0.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S / std::pow(static_cast<double>(d_k), 1 / 2);  // the mistake: 1 / 2 is an integer division
}

}  // namespace attn
