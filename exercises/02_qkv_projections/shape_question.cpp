// Exercise shape_question (chapter 02): the shape of a projection.
//
// X has shape x (x.rows x x.cols), a weight matrix has shape w, and x.cols == w.rows.
// Return the shape of X W as a Shape {rows, cols}. Work it out for the worked
// example first, on paper: X is 3x4 and W_q, W_k, W_v are each 4x4.
//
// Check your work:  ./course check shape_question   Stuck?  ./course hint shape_question
#include "core/errors.hpp"
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape([[maybe_unused]] Shape x, [[maybe_unused]] Shape w) {
    // TODO(ch02): return {rows, cols} of X W.
    throw NotImplemented("projection_shape", __FILE__);
}

}  // namespace attn
