// Wrong on purpose (suite only): attention written out with its own softmax, the scores never divided by sqrt(d_k).
#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    arma::mat S = Q * K.t() + mask;  // the mistake: / std::sqrt(d_k) before the mask
    S.each_col() -= arma::max(S, 1);  // (a row with every key hidden becomes NaN here too)
    arma::mat A = arma::exp(S);
    A.each_col() /= arma::sum(A, 1);
    return {A, A * V};
}

}  // namespace attn
