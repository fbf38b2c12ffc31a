// Exercise scaled_dot_product_attention (chapter 06): softmax(Q K^T / sqrt(d_k)) V,
// with the two forced shape rules and no others.
#include <cmath>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/softmax.hpp"

namespace attn {

arma::mat scaled_dot_product_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const char* fn = "scaled_dot_product_attention";
    // Only what the algebra and the meaning force: L_Q and d_v are free.
    require_shapes(Q.n_cols == K.n_cols, fn, kRuleSameWidth, {"Q", Q}, {"K", K});
    require_shapes(K.n_rows == V.n_rows, fn, kRuleSameLength, {"K", K}, {"V", V});
    require_nonempty(fn, "K", K);  // no keys (or d_k = 0) leaves nothing to divide by or attend to
    // NaN or infinity would surface later as "S has NaN", naming a matrix the caller never made
    require_finite(fn, "Q", Q);
    require_finite(fn, "K", K);
    require_finite(fn, "V", V);

    // pass 1: one score per (query, key) pair, shrunk so its spread does not grow with d_k
    const arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(K.n_cols));  // (L_Q, L_K)
    // pass 2: each query's row becomes a budget that sums to 1 over the keys
    const arma::mat A = softmax_rows(S);  // (L_Q, L_K)
    // pass 3: spend the budget on the values
    return A * V;  // (L_Q, d_v)
}

}  // namespace attn
