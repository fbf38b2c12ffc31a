// Wrong on purpose (suite only): no check for an empty list, so parts[0] of no parts is read.
// Exercise concat_heads (chapter 09): the heads put back side by side.
#include <string>
#include "contracts/09_multi_head_attention.hpp"
#include "core/errors.hpp"

namespace attn {

arma::mat concat_heads(const std::vector<arma::mat>& parts) {
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string name = "part " + std::to_string(i);
        require_shapes(parts[i].n_rows == parts[0].n_rows, "concat_heads", "every head must have the same number of rows (L)", {"part 0", parts[0]}, {name.c_str(), parts[i]});
    }
    arma::mat out(parts[0].n_rows, 0);  // the mistake
    for (const auto& p : parts) out = arma::join_rows(out, p);
    return out;
}

}  // namespace attn
