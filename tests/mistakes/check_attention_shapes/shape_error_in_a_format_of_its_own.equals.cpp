// Wrong on purpose (suite only): the mistake shape_error_in_a_format_of_its_own in check_attention_shapes.
#include <sstream>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    std::ostringstream msg;
    msg << function << ": ";
    if (Q.n_cols != K.n_cols) {
        msg << kRuleSameWidth << "; got Q=" << Q.n_rows << "x" << Q.n_cols << ", K=" << K.n_rows << "x" << K.n_cols;  // the mistake: a format of its own
        throw ShapeError(msg.str());
    }
    if (K.n_rows != V.n_rows) {
        msg << kRuleSameLength << "; got K=" << K.n_rows << "x" << K.n_cols << ", V=" << V.n_rows << "x" << V.n_cols;
        throw ShapeError(msg.str());
    }
}

}  // namespace attn
