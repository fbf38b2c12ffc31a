// Wrong on purpose (suite only): the mistake sqrt_truncated_to_integer in self_attention.
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    require_shapes(X.n_cols == W_q.n_rows, fn, "X's width must equal W_q's rows (d_model)", {"X", X}, {"W_q", W_q});
    require_shapes(X.n_cols == W_k.n_rows, fn, "X's width must equal W_k's rows (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(X.n_cols == W_v.n_rows, fn, "X's width must equal W_v's rows (d_model)", {"X", X}, {"W_v", W_v});
    require_shapes(W_q.n_cols == W_k.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    require_finite(fn, "X", X);
    const arma::mat Q = X * W_q, K = X * W_k, V = X * W_v;
    if (K.n_rows == 0) throw InputError("self_attention: K is empty (a query needs at least one key)");
    const int root = static_cast<int>(std::sqrt(static_cast<double>(K.n_cols)));  // the mistake: a whole number
    arma::mat S = Q * K.t();
    S /= root;
    arma::mat A(S.n_rows, S.n_cols);
    for (arma::uword i = 0; i < S.n_rows; ++i) {
        const double top = S.row(i).max();
        double sum = 0;
        for (arma::uword j = 0; j < S.n_cols; ++j) sum += A(i, j) = std::exp(S(i, j) - top);
        A.row(i) /= sum;
    }
    return {A, A * V};
}

}  // namespace attn
