// Wrong on purpose (suite only): the rules refused with std::invalid_argument instead of attn::ShapeError.
#include <stdexcept>
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    const std::string f = function;
    if (Q.n_cols != K.n_cols)  // the mistake: std::invalid_argument, not ShapeError
        throw std::invalid_argument(f + ": " + kRuleSameWidth + "; got Q " + shape_of(Q) + " and K " + shape_of(K));
    if (K.n_rows != V.n_rows)
        throw std::invalid_argument(f + ": " + kRuleSameLength + "; got K " + shape_of(K) + " and V " + shape_of(V));
}

}  // namespace attn
