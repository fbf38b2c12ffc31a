// Wrong on purpose (suite only): X W given W's shape.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape([[maybe_unused]] Shape x, Shape w) {
    return {w.rows, w.cols};  // the mistake: one row per token of X
}

}  // namespace attn
