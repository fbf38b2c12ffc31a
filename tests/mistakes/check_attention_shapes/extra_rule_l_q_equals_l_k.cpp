// Wrong on purpose (suite only): an extra rule demands as many queries as keys.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    // Forced by the multiply Q K^T: the inner dimensions are d_q and d_k.
    require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", K});
    // Forced by meaning: weight j is applied to value j, so one value per key.
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
    require_shapes(Q.n_rows == K.n_rows, function, "Q and K must have the same length", {"Q", Q}, {"K", K});  // the mistake
}

}  // namespace attn
