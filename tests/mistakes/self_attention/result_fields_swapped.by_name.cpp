// Wrong on purpose (suite only): the mistake result_fields_swapped in self_attention. (fields assigned by name, each to the other)
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult self_attention(const arma::mat& X, const arma::mat& W_q, const arma::mat& W_k, const arma::mat& W_v) {
    const char* fn = "self_attention";
    require_shapes(W_q.n_rows == X.n_cols, fn, "X's width must equal W_q's rows (d_model)", {"X", X}, {"W_q", W_q});
    require_shapes(W_k.n_rows == X.n_cols, fn, "X's width must equal W_k's rows (d_model)", {"X", X}, {"W_k", W_k});
    require_shapes(W_v.n_rows == X.n_cols, fn, "X's width must equal W_v's rows (d_model)", {"X", X}, {"W_v", W_v});
    require_shapes(W_k.n_cols == W_q.n_cols, fn, "W_q and W_k must have the same width (d_q = d_k)", {"W_q", W_q},
                   {"W_k", W_k});
    const arma::mat Q = X * W_q, K = X * W_k, V = X * W_v;  // (L, d_k), (L, d_k), (L, d_v)
    arma::mat S = Q * K.t() / std::sqrt(static_cast<double>(W_k.n_cols));  // (L, L)
    S.each_col() -= arma::max(S, 1);
    arma::mat E = arma::exp(S);
    E.each_col() /= arma::sum(E, 1);
    AttentionResult r;
    r.weights = E * V;  // the mistake: the output stored as the weights
    r.output = E;       // ... and the weights as the output
    return r;
}

}  // namespace attn
