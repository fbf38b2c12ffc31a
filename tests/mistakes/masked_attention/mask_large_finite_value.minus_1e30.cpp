// Wrong on purpose (suite only): the hidden scores set to -1e30.
#include <cmath>
#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"
namespace attn {
AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask}, {"scores", Q.n_rows, K.n_rows});
    require_finite(fn, "mask", mask, true);
    arma::mat S = Q * K.t() / std::sqrt(double(K.n_cols));
    arma::mat m = mask;
    m.replace(-arma::datum::inf, -1e30);  // the mistake: -1e30 stands for -inf
    S += m;
    arma::mat A = softmax_rows(S);
    return {A, A * V};
}
}  // namespace attn
