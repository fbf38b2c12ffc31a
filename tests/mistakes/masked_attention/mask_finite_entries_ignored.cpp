// Wrong on purpose (suite only): the mask passed on as "hidden or not", its finite entries dropped.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/06_shape_rules.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    // the mistake: a mask of 0 and -inf only; the whole mask belongs in the call
    arma::mat hidden(mask.n_rows, mask.n_cols, arma::fill::zeros);
    for (arma::uword i = 0; i < mask.n_rows; ++i)
        for (arma::uword j = 0; j < mask.n_cols; ++j)
            if (mask(i, j) == -arma::datum::inf) hidden(i, j) = -arma::datum::inf;
    return scaled_dot_product_attention(Q, K, V, hidden);
}

}  // namespace attn
