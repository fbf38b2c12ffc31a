// Wrong on purpose (suite only): the mistake shape_error_without_shapes in check_attention_shapes (only the length rule's error written by hand).
#include <string>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    require_shapes(Q.n_cols == K.n_cols, function, kRuleSameWidth, {"Q", Q}, {"K", K});
    if (V.n_rows != K.n_rows) {
        std::string msg = function;
        msg += ": ";
        msg += kRuleSameLength;  // the mistake: then "; got K RxC and V RxC"
        throw ShapeError(msg);
    }
}
}  // namespace attn
