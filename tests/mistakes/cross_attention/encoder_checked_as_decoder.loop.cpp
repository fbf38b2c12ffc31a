// Wrong on purpose (suite only): the mistake encoder_checked_as_decoder in cross_attention (one loop over the three weights, all against X_dec).
#include <utility>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "cross_attention";
    // the mistake: W_k and W_v project H_enc, so they are checked against H_enc
    for (const auto& [name, W] : {std::pair<const char*, const arma::mat*>{"W_q", &W_q}, {"W_k", &W_k}, {"W_v", &W_v}})
        require_shapes(X_dec.n_cols == W->n_rows, fn, "the input's width must equal the weights' rows (d_model)",
                       {"X_dec", X_dec}, {name, *W});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    return scaled_dot_product_attention(X_dec * W_q, H_enc * W_k, H_enc * W_v);
}

}  // namespace attn
