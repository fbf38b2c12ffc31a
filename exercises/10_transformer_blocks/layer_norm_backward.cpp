// Exercise layer_norm_backward (chapter 10): the gradient back through layer norm.
//
// What it must do, shapes and errors: src/contracts/10_transformer_blocks.hpp, above layer_norm_backward().
//
// Check your work:  ./course check layer_norm_backward   Stuck?  ./course hint layer_norm_backward
#include "contracts/10_transformer_blocks.hpp"
#include "core/errors.hpp"

namespace attn {

LayerNormGrads layer_norm_backward([[maybe_unused]] const arma::mat& dY, [[maybe_unused]] const arma::mat& xhat,
                                   [[maybe_unused]] const arma::colvec& inv_std, [[maybe_unused]] const arma::rowvec& gain) {
    // TODO(ch10): your code here.
    throw NotImplemented("layer_norm_backward", __FILE__);
}

}  // namespace attn
