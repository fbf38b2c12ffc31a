// Wrong on purpose (suite only): the scores come back unscaled.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S;  // the mistake: no division at all
}

}  // namespace attn
