// Right, written another way (suite only): the rules on attn::Shape values.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const Shape q{Q.n_rows, Q.n_cols}, k{K.n_rows, K.n_cols}, v{V.n_rows, V.n_cols};
    require_shapes(q.cols == k.cols, function, kRuleSameWidth, {"Q", q.rows, q.cols}, {"K", k.rows, k.cols});
    require_shapes(k.rows == v.rows, function, kRuleSameLength, {"K", k.rows, k.cols}, {"V", v.rows, v.cols});
}

}  // namespace attn
