// Exercise position_similarity (chapter 08): how alike position p's code is to every other position's.
//
// What it must do, shapes and errors: src/contracts/08_positional_encoding.hpp, above position_similarity().
//
// Check your work:  ./course check position_similarity   Stuck?  ./course hint position_similarity
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::rowvec position_similarity([[maybe_unused]] const arma::mat& PE, [[maybe_unused]] arma::uword p) {
    // TODO(ch08): your code here.
    throw NotImplemented("position_similarity", __FILE__);
}

}  // namespace attn
