// Exercise project (chapter 02): one projection, X W.
//
// Return X W: row i of the result is row i of X times W.
// Check first that X is exactly as wide as W is tall, with require_shapes
// (src/core/errors.hpp), rule "X must be as wide as W is tall (d_model)".
// Shapes:  X L x d_model, W d_model x d_out -> L x d_out.
//
// Check your work:  ./course check project   Stuck?  ./course hint project
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

arma::mat project([[maybe_unused]] const arma::mat& X, [[maybe_unused]] const arma::mat& W) {
    // TODO(ch02): check the shapes, then one matrix product.
    throw NotImplemented("project", __FILE__);
}

}  // namespace attn
