// Wrong on purpose (suite only): the mistake shape_error_in_a_format_of_its_own in check_attention_shapes.
#include <string>
#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    if (Q.n_cols != K.n_cols)
        throw ShapeError(std::string(function) + ": " + kRuleSameWidth + " (Q " + shape_of(Q) + ", K " + shape_of(K) +  // the mistake: a format of its own
                         ")");
    if (K.n_rows != V.n_rows)
        throw ShapeError(std::string(function) + ": " + kRuleSameLength + " (K " + shape_of(K) + ", V " + shape_of(V) +
                         ")");
}

}  // namespace attn
