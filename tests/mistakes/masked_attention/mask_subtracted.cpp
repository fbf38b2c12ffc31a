// Wrong on purpose (suite only): the mask subtracted from the scaled scores, written out.
#include <cmath>

#include "contracts/03_softmax.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    const arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) - mask;  // the mistake: + mask
    AttentionResult r;
    r.weights = softmax_rows(S);
    r.output = r.weights * V;
    return r;
}

}  // namespace attn
