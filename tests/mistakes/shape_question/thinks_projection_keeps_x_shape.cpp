// Wrong on purpose (suite only): X W given X's shape.
#include "contracts/02_qkv_projections.hpp"

namespace attn {

Shape projection_shape(Shape x, [[maybe_unused]] Shape w) {
    return x;  // the mistake: the width comes from W's columns
}

}  // namespace attn
