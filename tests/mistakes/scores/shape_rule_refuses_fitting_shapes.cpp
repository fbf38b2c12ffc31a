// Wrong on purpose (suite only): the mistake shape_rule_refuses_fitting_shapes in scores.
#include "contracts/04_attention_by_hand.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat scores(const arma::mat& Q, const arma::mat& K) {
    // the mistake: the check compares Q's width with K's length (K.n_rows for K.n_cols)
    require_shapes(Q.n_cols == K.n_rows, "scores", "Q and K must have the same width (d_q = d_k)", {"Q", Q}, {"K", K});
    return Q * K.t();
}

}  // namespace attn
