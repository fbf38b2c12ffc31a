// Wrong on purpose (suite only): the scores are divided by sqrt(d_v).
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    const double d_k = static_cast<double>(K.n_cols);
    const arma::mat A = softmax_rows(Q * K.t() / std::sqrt(static_cast<double>(V.n_cols)) + mask);  // the mistake
    (void)d_k;
    return {A, arma::mat(A * V)};
}

}  // namespace attn
