// Wrong on purpose (suite only): the mask checked for NaN only, so +infinity gets through.
#include <cmath>

#include "contracts/07_cross_attention.hpp"
#include "contracts/06_shape_rules.hpp"
#include "contracts/03_softmax.hpp"
#include "core/errors.hpp"

namespace attn {

AttentionResult masked_attention(const arma::mat& Q, const arma::mat& K, const arma::mat& V, const arma::mat& mask) {
    const char* fn = "masked_attention";
    check_attention_shapes(fn, Q, K, V);
    require_shapes(mask.n_rows == Q.n_rows && mask.n_cols == K.n_rows, fn, kRuleMaskShape, {"mask", mask},
                   {"scores", Q.n_rows, K.n_rows});
    if (mask.has_nan()) throw InputError("masked_attention: the mask holds NaN");  // the mistake: +infinity too
    const arma::mat A = masked_softmax(Q * K.t() / std::sqrt(static_cast<double>(K.n_cols)), mask);
    return {A, A * V};
}

}  // namespace attn
