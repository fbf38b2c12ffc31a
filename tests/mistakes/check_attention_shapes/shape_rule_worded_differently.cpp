// Wrong on purpose (suite only): the rules in words of its own.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, function, "Q and K differ in width", {"Q", Q}, {"K", K});  // the mistake
    require_shapes(K.n_rows == V.n_rows, function, "K and V differ in length", {"K", K}, {"V", V});
}

}  // namespace attn
