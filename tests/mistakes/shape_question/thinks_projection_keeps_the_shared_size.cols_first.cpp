// Wrong on purpose (suite only): the mistake thinks_projection_keeps_the_shared_size in shape_question.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    Shape s;
    s.rows = x.cols;  // the mistake: d_model, the inner size, for the rows
    s.cols = w.rows;  // and again for the columns
    return s;
}

}  // namespace attn
