// Wrong on purpose (suite only): the loop over the columns runs to the number of rows, as
// if S were square: a copy of S with only its first columns divided (or an index past the
// end where S has more rows than columns).
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scale_scores(const arma::mat& S, arma::uword d_k) {
    if (d_k == 0) throw InputError("scale_scores: d_k must be at least 1; got 0");
    arma::mat out = S;
    const double root = std::sqrt(static_cast<double>(d_k));
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_rows; ++j) out(i, j) = S(i, j) / root;  // the mistake: j < S.n_rows
    return out;
}

}  // namespace attn
