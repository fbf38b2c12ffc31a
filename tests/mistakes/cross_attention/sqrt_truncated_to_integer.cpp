// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in cross_attention.
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult cross_attention(const arma::mat& X_dec, const arma::mat& H_enc, const arma::mat& W_q,
                                const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "cross_attention";
    require_shapes(X_dec.n_cols == W_q.n_rows, fn, "X_dec's width must equal W_q's rows (d_model)", {"X_dec", X_dec},
                   {"W_q", W_q});
    require_shapes(H_enc.n_cols == W_k.n_rows, fn, "H_enc's width must equal W_k's rows (d_model)", {"H_enc", H_enc},
                   {"W_k", W_k});
    require_shapes(H_enc.n_cols == W_v.n_rows, fn, "H_enc's width must equal W_v's rows (d_model)", {"H_enc", H_enc},
                   {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    require_finite(fn, "X_dec", X_dec);
    require_finite(fn, "H_enc", H_enc);
    const arma::mat Q = X_dec * W_q;
    const arma::mat K = H_enc * W_k;
    const arma::mat V = H_enc * W_v;
    if (K.n_rows == 0) throw InputError("cross_attention: K is empty (a query needs at least one key)");
    const arma::uword scale = std::sqrt(static_cast<double>(K.n_cols));  // the mistake: the root cut to a whole number
    arma::mat S = Q * K.t() / static_cast<double>(scale);
    S.each_col() -= arma::max(S, 1);
    arma::mat E = arma::exp(S);
    E.each_col() /= arma::sum(E, 1);
    AttentionResult r;
    r.weights = E;
    r.output = E * V;
    return r;
}

}  // namespace attn
