// Wrong on purpose (suite only): the mask checked against a square L_Q x L_Q shape.
#include <cmath>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"
#include "contracts/03_softmax.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    if ((mask.n_rows != 0 || mask.n_cols != 0))
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == Q.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});  // the mistake: Q.n_rows where K.n_rows belongs
    require_nonempty(fn, "K", K);
    if ((mask.n_rows != 0 || mask.n_cols != 0)) require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));
    if ((mask.n_rows != 0 || mask.n_cols != 0)) S += mask;
    const arma::mat A = softmax_rows(S);
    return {A, arma::mat(A * V)};
}

}  // namespace attn
