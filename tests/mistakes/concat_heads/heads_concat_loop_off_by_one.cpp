// Wrong on purpose (suite only): out starts as part 0 and the loop starts at 0 too, so part 0 comes twice.
#include <string>

#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    if (parts.empty()) throw InputError("concat_heads: there are no heads to put together");
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads",
                       "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    arma::mat out = parts[0];
    for (std::size_t i = 0; i < parts.size(); ++i) out = arma::join_rows(out, parts[i]);  // the mistake: i from 0
    return out;
}

}  // namespace attn
