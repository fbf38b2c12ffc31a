// Wrong on purpose (suite only): only too few weights are refused; the loop runs over V's rows,
// so a weight too many is never read and nothing is thrown.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols >= V.n_rows, "mix_value_rows",  // the mistake: >= where the rule is ==
                   "there must be a weight for every row of V", {"weights", weights}, {"V", V});
    arma::rowvec z(V.n_cols, arma::fill::zeros);  // (1, d_v)
    for (arma::uword j = 0; j < V.n_rows; ++j) z += weights(j) * V.row(j);
    return z;
}

}  // namespace attn
