// Wrong on purpose (suite only): the mistake result_fields_swapped in cross_attention.
#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "cross_attention";
    require_shapes(W_q.n_rows == X_dec.n_cols, fn, "X_dec's width must equal W_q's rows (d_model)", {"X_dec", X_dec},
                   {"W_q", W_q});
    require_shapes(W_k.n_rows == H_enc.n_cols, fn, "H_enc's width must equal W_k's rows (d_model)", {"H_enc", H_enc},
                   {"W_k", W_k});
    require_shapes(W_v.n_rows == H_enc.n_cols, fn, "H_enc's width must equal W_v's rows (d_model)", {"H_enc", H_enc},
                   {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    const AttentionResult a =
        masked_attention(X_dec * W_q, H_enc * W_k, H_enc * W_v, arma::zeros(X_dec.n_rows, H_enc.n_rows));
    return {a.output, a.weights};  // the mistake: the fields handed back in the other order
}

}  // namespace attn
