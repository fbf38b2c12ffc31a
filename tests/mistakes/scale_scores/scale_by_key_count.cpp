// Wrong on purpose (suite only): divided by the square root of the number of keys, S.n_cols.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    return S / std::sqrt(static_cast<double>(S.n_cols));  // the mistake: S.n_cols is L_K, not d_k
}

}  // namespace attn
