// Exercise layer_norm (chapter 10): every row to mean 0 and variance 1, then gain and bias.
//
// What it must do, shapes and errors: src/contracts/10_transformer_blocks.hpp, above layer_norm().
//
// Check your work:  ./course check layer_norm   Stuck?  ./course hint layer_norm
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormResult layer_norm([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::rowvec& gain,
                           [[maybe_unused]] const arma::rowvec& bias, [[maybe_unused]] double eps) {
    // TODO(ch10): your code here.
    throw NotImplemented("layer_norm", __FILE__);
}

}  // namespace attn
