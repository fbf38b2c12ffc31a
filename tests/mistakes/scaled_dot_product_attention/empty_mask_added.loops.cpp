// Wrong on purpose (suite only): the mistake empty_mask_added in scaled_dot_product_attention (loops that read mask(i, j) for every score).
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V,
                                             const arma::mat& mask) {
    const char* fn = "scaled_dot_product_attention";
    check_attention_shapes(fn, Q, K, V);
    if ((mask.n_rows != 0 || mask.n_cols != 0)) {
        require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                       {"scores", Q.n_rows, K.n_rows});
        require_finite(fn, "mask", mask, true);
    }
    require_nonempty(fn, "K", K);
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));
    for (arma::uword i = 0; i < S.n_rows; ++i)
        for (arma::uword j = 0; j < S.n_cols; ++j) S(i, j) += mask(i, j);  // the mistake: only when there is a mask
    AttentionResult r;
    r.weights = softmax_rows(S);
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
