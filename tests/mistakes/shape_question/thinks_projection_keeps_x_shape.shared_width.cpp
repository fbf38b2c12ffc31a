// Wrong on purpose (suite only): the width of X W taken from the shared dimension.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    return {x.rows, w.rows};  // the mistake: w.rows is d_model, which the product uses up
}

}  // namespace attn
