// Wrong on purpose (suite only): the mistake projection_check_wrong_dimension in cross_attention (the inputs' rows against the weights' rows, thrown by hand).
#include <string>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v) {
    const std::string fn = "cross_attention";
    // the mistake: the widths, X_dec.n_cols and H_enc.n_cols, meet the weights' rows
    if (X_dec.n_rows != W_q.n_rows) throw ShapeError(fn + ": X_dec does not fit W_q; got X_dec " + shape_of(X_dec) + " and W_q " + shape_of(W_q));
    if (H_enc.n_rows != W_k.n_rows) throw ShapeError(fn + ": H_enc does not fit W_k; got H_enc " + shape_of(H_enc) + " and W_k " + shape_of(W_k));
    if (H_enc.n_rows != W_v.n_rows) throw ShapeError(fn + ": H_enc does not fit W_v; got H_enc " + shape_of(H_enc) + " and W_v " + shape_of(W_v));
    require_shapes(W_q.n_cols == W_k.n_cols, fn.c_str(), "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    return scaled_dot_product_attention(X_dec * W_q, H_enc * W_k, H_enc * W_v);
}

}  // namespace attn
