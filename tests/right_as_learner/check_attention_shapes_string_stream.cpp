// Right code the checker's name guard must pass, compiled as a learner's file is (see
// tests/CMakeLists.txt): chapter 06's check with its messages built in std::ostringstream,
// which at -O3 leaves a weak copy of libstdc++'s ~basic_stringbuf() in the object.
#include <sstream>

#include "contracts/06_shape_rules.hpp"
#include "core/errors.hpp"

namespace attn {

void check_attention_shapes(const char* function, const arma::mat& Q, const arma::mat& K, const arma::mat& V) {
    if (Q.n_cols != K.n_cols) {
        std::ostringstream said;
        said << function << ": " << kRuleSameWidth << "; got Q " << Q.n_rows << "x" << Q.n_cols << " and K " << K.n_rows
             << "x" << K.n_cols;
        throw ShapeError(said.str());
    }
    if (K.n_rows != V.n_rows) {
        std::ostringstream said;
        said << function << ": " << kRuleSameLength << "; got K " << K.n_rows << "x" << K.n_cols << " and V " << V.n_rows
             << "x" << V.n_cols;
        throw ShapeError(said.str());
    }
}

}  // namespace attn
