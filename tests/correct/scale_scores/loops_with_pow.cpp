// Right, written another way (suite only): entry by entry, with std::pow(d_k, 0.5).
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    const double root = std::pow(static_cast<double>(d_k), 0.5);
    arma::mat out(arma::size(S));
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j) out(i, j) = S(i, j) / root;
    return out;
}

}  // namespace attn
