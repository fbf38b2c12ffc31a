// Exercise add_positions (chapter 08): every embedding plus the code of its position.
//
// What it must do, shapes and errors: src/contracts/08_positional_encoding.hpp, above add_positions().
//
// Check your work:  ./course check add_positions   Stuck?  ./course hint add_positions
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat add_positions([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& PE) {
    // TODO(ch08): your code here.
    throw NotImplemented("add_positions", __FILE__);
}

}  // namespace attn
