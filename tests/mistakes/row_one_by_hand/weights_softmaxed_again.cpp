// Wrong on purpose (suite only): the mistake weights_softmaxed_again in row_one_by_hand.
// The weights put through a softmax once more, exp(weights(j)) over their sum.
#include <cmath>

#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec mix_value_rows(const arma::rowvec& weights, const arma::mat& V) {
    require_shapes(weights.n_cols == V.n_rows, "mix_value_rows", "there must be one weight per row of V (L_K = L_V)",
                   {"weights", weights}, {"V", V});
    arma::rowvec w = arma::exp(weights);  // the mistake: the weights are spent as given
    w /= arma::accu(w);
    arma::rowvec z(V.n_cols, arma::fill::zeros);
    for (arma::uword j = 0; j < V.n_rows; ++j) z += w(j) * V.row(j);
    return z;
}

}  // namespace attn
