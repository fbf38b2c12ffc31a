// Wrong on purpose (suite only): the width rule names K before Q, in a hand-written throw.
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    if (Q.n_cols != K.n_cols)  // the mistake: K, then Q
        throw ShapeError(std::string(function) + ": " + kRuleSameWidth + "; got K " + shape_of(K) + " and Q " + shape_of(Q));
    require_shapes(K.n_rows == V.n_rows, function, kRuleSameLength, {"K", K}, {"V", V});
}

}  // namespace attn
