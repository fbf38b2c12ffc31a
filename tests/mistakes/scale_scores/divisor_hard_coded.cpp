// Wrong on purpose (suite only): halves the scores, as the worked example does.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S / 2.0;  // the mistake: sqrt(4) from the worked example, whatever d_k is
}

}  // namespace attn
