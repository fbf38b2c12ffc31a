// Exercise masked_attention (chapter 07): attention with an additive mask.
#include <cmath>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

arma::mat masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    require_nonempty(fn, "K", K);
    // -inf is how a mask says "never"; NaN or +inf would poison the whole row.
    require_finite(fn, "mask", mask, /*allow_minus_inf=*/true);
    require_finite(fn, "Q", Q);
    require_finite(fn, "K", K);
    require_finite(fn, "V", V);

    // pass 1: scaled scores, then the mask ADDED (score + -inf = -inf) before softmax,
    // so the forbidden keys get exp(-inf) = 0 and the rest share the whole budget
    const arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)) + mask;  // (L_Q, L_K)
    // pass 2: row-wise softmax; a fully masked row comes back as zeros
    const arma::mat A = softmax_rows(S);  // (L_Q, L_K)
    return A * V;                         // (L_Q, d_v)
}

}  // namespace attn
