// Right, written another way (suite only): Q scaled first; the hidden scores set to -inf, the finite entries of the mask added.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    if ((mask.n_rows != 0 || mask.n_cols != 0)) {
        require_shapes(arma::size(mask) == arma::size(Q.n_rows, K.n_rows), fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        require_finite(fn, "mask", mask, true);
    }
    if (K.is_empty()) throw InputError(std::string(fn) + ": K is empty; a query needs at least one key");
    const arma::mat Qs = Q / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, d_k), the division moved onto Q
    arma::mat S = Qs * K.t();                                           // (L_Q, L_K)
    if ((mask.n_rows != 0 || mask.n_cols != 0)) {
        S.elem(arma::find(mask == -arma::datum::inf)).fill(-arma::datum::inf);
        const arma::uvec finite = arma::find_finite(mask);  // 0 where seen, or any other number the caller adds
        S.elem(finite) += mask.elem(finite);
    }
    const arma::mat A = softmax_rows(S);
    return {A, A * V};
}

}  // namespace attn
