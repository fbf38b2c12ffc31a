// Exercise shape_question (chapter 02): the shape of a projection.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

// One row out per row in (a token stays a token); as many columns as W has.
// X 3x4 times W 4x4 gives 3x4, for W_q, W_k and W_v alike.
Shape projection_shape(Shape x, Shape w) { return {x.rows, w.cols}; }

}  // namespace attn
