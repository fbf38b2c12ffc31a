// Wrong on purpose (suite only): a softmax of its own that spreads a row of nothing but -infinity evenly (as -1e9 would).
#include <cmath>

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
    const arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) + mask;  // (L_Q, L_K)
    arma::mat A(arma::size(S));
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        if (S.row(i).max() == -arma::datum::inf) {
            A.row(i).fill(1.0 / static_cast<double>(S.n_cols));  // the mistake: nothing visible means a row of zeros
            continue;
        }
        const arma::rowvec e = arma::exp(S.row(i) - S.row(i).max());
        A.row(i) = e / arma::accu(e);
    }
    return {A, A * V};
}

}  // namespace attn
