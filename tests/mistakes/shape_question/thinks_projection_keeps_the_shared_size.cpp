// Wrong on purpose (suite only): the mistake thinks_projection_keeps_the_shared_size in shape_question.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    return {w.rows, x.cols};  // the mistake: the two sizes the product uses up
}

}  // namespace attn
