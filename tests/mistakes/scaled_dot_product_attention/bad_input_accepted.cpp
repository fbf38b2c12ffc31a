// Wrong on purpose (suite only): keys are never checked for being there, and a softmax by hand gives up quietly.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    const bool masked = mask.n_rows != 0 || mask.n_cols != 0;  // 0x0 means "no mask"
    if (masked)
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
    if (masked) require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    // the mistake: no require_nonempty(fn, "K", K)
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, L_K)
    if (masked) S += mask;
    arma::mat A(arma::size(S), arma::fill::zeros);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.n_cols ? S.row(i).max() : -arma::datum::inf;
        if (top == -arma::datum::inf) continue;  // nothing to see: zeros
        const arma::rowvec e = arma::exp(S.row(i) - top);
        A.row(i) = e / arma::accu(e);
    }
    AttentionResult r;
    r.weights = A;
    r.output = A * V;
    return r;
}

}  // namespace attn
