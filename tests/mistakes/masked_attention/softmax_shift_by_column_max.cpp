// Wrong on purpose (suite only): a softmax written out, shifted by each column's maximum.
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
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) + mask;  // (L_Q, L_K)
    arma::mat A(arma::size(S), arma::fill::zeros);
    const arma::rowvec top = arma::max(S);  // the mistake: arma::max(S, 1), one per row
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        if (!S.row(i).is_finite() && S.row(i).max() == -arma::datum::inf) continue;  // nothing visible
        arma::rowvec e = arma::exp(S.row(i) - top);
        A.row(i) = e / arma::accu(e);
    }
    return {A, A * V};
}

}  // namespace attn
