// Right, written another way (suite only): the fields set one by one.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    Shape s;
    s.rows = x.rows;  // one row per token
    s.cols = w.cols;  // the width of the weight matrix
    return s;
}

}  // namespace attn
