// Wrong on purpose (suite only): the worked example's answer written in, whatever the shapes.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape, Shape) { return {3, 4}; }  // the mistake: X 3x4 times W 4x4, for every input

}  // namespace attn
