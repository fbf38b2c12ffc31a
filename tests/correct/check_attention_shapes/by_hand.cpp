// Right, written another way (suite only): the two errors thrown by hand, worded as require_shapes words them.
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const std::string f = function;
    if (Q.n_cols != K.n_cols)
        throw ShapeError(f + ": " + kRuleSameWidth + "; got Q " + shape_of(Q) + " and K " + shape_of(K));
    if (V.n_rows != K.n_rows)
        throw ShapeError(f + ": " + kRuleSameLength + "; got K " + shape_of(K) + " and V " + shape_of(V));
}

}  // namespace attn
