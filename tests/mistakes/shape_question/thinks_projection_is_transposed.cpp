// Wrong on purpose (suite only): X W given as d_out x L, one column per token.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, Shape w) {
    return {w.cols, x.rows};  // the mistake: rows are tokens, {x.rows, w.cols}
}

}  // namespace attn
