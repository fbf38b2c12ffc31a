// Wrong on purpose (suite only): H_enc checked against W_v but not W_k, so Armadillo refuses H_enc * W_k.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "cross_attention";
    require_shapes(X_dec.n_cols == W_q.n_rows, fn, "X_dec's width must equal W_q's rows (d_model)", {"X_dec", X_dec},
                   {"W_q", W_q});
    require_shapes(H_enc.n_cols == W_v.n_rows, fn, "H_enc's width must equal W_v's rows (d_model)", {"H_enc", H_enc},
                   {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    // the mistake: no check of W_k's rows against H_enc's width
    return scaled_dot_product_attention(X_dec * W_q, H_enc * W_k, H_enc * W_v);
}

}  // namespace attn
