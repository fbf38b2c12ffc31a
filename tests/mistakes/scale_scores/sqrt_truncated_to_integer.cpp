// Wrong on purpose (suite only): the square root kept in an integer.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    const arma::uword root = std::sqrt(d_k);  // the mistake: sqrt(8) = 2.83 becomes 2
    return S / root;
}

}  // namespace attn
