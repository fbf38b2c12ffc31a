// Exercise positional_encoding (chapter 08): the sinusoidal position codes, one row per position.
//
// What it must do, shapes and errors: src/contracts/08_positional_encoding.hpp, above positional_encoding().
//
// Check your work:  ./course check positional_encoding   Stuck?  ./course hint positional_encoding
#include "contracts/08_positional_encoding.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat positional_encoding([[maybe_unused]] arma::uword length, [[maybe_unused]] arma::uword d_model) {
    // TODO(ch08): your code here.
    throw NotImplemented("positional_encoding", __FILE__);
}

}  // namespace attn
