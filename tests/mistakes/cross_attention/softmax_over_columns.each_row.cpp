// Wrong on purpose (suite only): a softmax written out, divided by the column sums arma::sum(E).
#include <cmath>
#include "contracts/07_cross_attention.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"
namespace attn {
AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "cross_attention";
    require_shapes(X_dec.n_cols == W_q.n_rows, fn, "X_dec's width must equal W_q's rows (d_model)", {"X_dec", X_dec}, {"W_q", W_q});
    require_shapes(H_enc.n_cols == W_k.n_rows, fn, "H_enc's width must equal W_k's rows (d_model)", {"H_enc", H_enc}, {"W_k", W_k});
    require_shapes(H_enc.n_cols == W_v.n_rows, fn, "H_enc's width must equal W_v's rows (d_model)", {"H_enc", H_enc}, {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q}, {"W_k", W_k});
    arma::mat Q = X_dec * W_q, K = H_enc * W_k, V = H_enc * W_v;
    arma::mat S = Q * K.t() / std::sqrt(double(K.n_cols));
    arma::mat E = arma::exp(S.each_col() - arma::max(S, 1));
    E.each_row() /= arma::sum(E);  // the mistake
    return {E, E * V};
}
}  // namespace attn
