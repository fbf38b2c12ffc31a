// Wrong on purpose (suite only): the masked scores divided by their row sums, without exp.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"
#include <cmath>

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    const arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) + mask;  // (L_Q, L_K)
    const arma::mat A = S.each_col() / arma::sum(S, 1);  // the mistake: exp first, then the row sums
    return {A, A * V};
}

}  // namespace attn
